import '@apollo/client';

// Spec §7: the default error policy is 'all' (partial data with errors), for every call.
declare module '@apollo/client' {
  export namespace ApolloClient {
    namespace DeclareDefaultOptions {
      interface WatchQuery {
        errorPolicy: 'all';
      }
      interface Query {
        errorPolicy: 'all';
      }
      interface Mutate {
        errorPolicy: 'all';
      }
    }
  }
}

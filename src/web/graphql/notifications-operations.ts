import { gql } from 'graphql-tag';

/** A notification as the list shows it. */
export const NOTIFICATION_ITEM = gql`
  fragment NotificationItem_notification on Notification {
    id
    kind
    actorCount
    actors {
      id
      name
      username
      imageId
    }
    post {
      id
      title
      mediumUrl
    }
    response {
      id
      title
      mediumUrl
    }
    catalog {
      id
      name
      slugId
      creator {
        id
        username
      }
    }
    storyCount
    text
    href
    isRead
    occurredAt
  }
`;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A page of the list and the cursor of the next. */
export const NOTIFICATION_PAGE = gql`
  fragment NotificationPage_connection on NotificationConnection {
    items {
      ...NotificationItem_notification
    }
    pagingInfo {
      next {
        limit
        to
      }
    }
  }
  ${NOTIFICATION_ITEM}
`;

export const NOTIFICATIONS_PAGE_QUERY = gql`
  query NotificationsPageQuery($filter: NotificationFilter!, $paging: PagingOptions) {
    viewer {
      id
    }
    notifications(filter: $filter, paging: $paging) {
      ...NotificationPage_connection
    }
  }
  ${NOTIFICATION_PAGE}
`;

export const MORE_NOTIFICATIONS_QUERY = gql`
  query MoreNotificationsQuery($filter: NotificationFilter!, $paging: PagingOptions) {
    notifications(filter: $filter, paging: $paging) {
      ...NotificationPage_connection
    }
  }
  ${NOTIFICATION_PAGE}
`;

export const MARK_NOTIFICATIONS_SEEN = gql`
  mutation MarkNotificationsSeen {
    markNotificationsSeen
  }
`;

export const MARK_NOTIFICATION_READ = gql`
  mutation MarkNotificationRead($notificationId: ID!) {
    markNotificationRead(notificationId: $notificationId)
  }
`;

export const MARK_ALL_NOTIFICATIONS_READ = gql`
  mutation MarkAllNotificationsRead {
    markAllNotificationsRead
  }
`;

const SETTINGS_FIELDS = `
  channels {
    kind
    channel
  }
  digestFrequency
`;

export const NOTIFICATION_SETTINGS_QUERY = gql`
  query NotificationSettingsQuery {
    notificationSettings {
      ${SETTINGS_FIELDS}
    }
  }
`;

export const SET_NOTIFICATION_CHANNEL = gql`
  mutation SetNotificationChannel($kind: NotificationKind!, $channel: NotificationChannel!) {
    setNotificationChannel(kind: $kind, channel: $channel) {
      ${SETTINGS_FIELDS}
    }
  }
`;

export const SET_DIGEST_FREQUENCY = gql`
  mutation SetDigestFrequency($frequency: DigestFrequency!) {
    setDigestFrequency(frequency: $frequency) {
      ${SETTINGS_FIELDS}
    }
  }
`;

/** The first page of the All tab, as the server preloads it. */
export const NOTIFICATIONS_FIRST_PAGE = { filter: 'ALL', paging: { limit: NOTIFICATIONS_PAGE_SIZE } };

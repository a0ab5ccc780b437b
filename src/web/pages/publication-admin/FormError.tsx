import styles from './PublicationAdmin.module.css';

/** The server's (or the upload's) message under a form, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.error} role="alert">
      {message}
    </p>
  );
}

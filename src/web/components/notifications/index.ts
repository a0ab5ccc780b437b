export { setUnreadNotificationCount, useUnreadNotificationCount } from './unread-count.js';

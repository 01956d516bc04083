import type { NotificationLink } from '../notifications/notificationTypes';
import type { AwayNews } from './fetchAwayNews';

/** Whether anything happened worth a notice. */
export function hasAwayNews(news: AwayNews): boolean {
  return news.filledOrders > 0 || news.cancelledOrders > 0;
}

const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

/**
 * The summary on return, e.g. "2 orders filled and 1 cancelled while you were away", and the pages
 * that show it: My trades for fills, My orders for cancels.
 */
export function awayNewsText(news: AwayNews): { text: string; links: NotificationLink[] } {
  const { filledOrders, cancelledOrders, moreFills } = news;
  const parts: string[] = [];
  const links: NotificationLink[] = [];
  if (filledOrders > 0) {
    parts.push(`${moreFills ? 'At least ' : ''}${orders(filledOrders)} filled`);
    links.push({ to: '/my/trades', label: 'My trades' });
  }
  if (cancelledOrders > 0) {
    parts.push(parts.length > 0 ? `${cancelledOrders} cancelled` : `${orders(cancelledOrders)} cancelled`);
    links.push({ to: '/my/orders', label: 'My orders' });
  }
  return { text: `${parts.join(' and ')} while you were away`, links };
}

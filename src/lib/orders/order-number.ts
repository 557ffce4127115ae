/** "3F2A9C1B": the first eight hex digits of the order id, as the customer quotes it (e-mails, receipt). */
export function orderNumber(orderId: string): string {
  return orderId.replaceAll('-', '').slice(0, 8).toUpperCase();
}

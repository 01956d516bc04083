/** The name of a link to an order's page, unique in any list of orders: "Order 0xcc57...797b". */
export function orderLinkName(orderHash: string): string {
  return `Order ${orderHash.slice(0, 6)}...${orderHash.slice(-4)}`;
}

import { useEffect, useState } from 'react';
import { orderStatusLabel } from '../../lib/admin-schemas/orders.ts';
import type { AdminUserDetail } from '../../lib/admin-schemas/users.ts';
import { api } from '../api.ts';
import { dateTime, usd } from '../format.ts';
import { Button } from '../ui/controls.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { AdminDialog } from '../ui/Dialog.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { orderNumber } from '../../lib/orders/order-number.ts';

type UserOrder = AdminUserDetail['orders'][number];

/** Number (as people quote it, not the raw id), status, total and date of a customer's order. */
export function UserOrderFacts({ order }: { order: UserOrder }) {
  return (
    <dl className="adm-dl">
      <dt>Order number</dt>
      <dd>{orderNumber(order.id)}</dd>
      <dt>Status</dt>
      <dd>{orderStatusLabel(order.status)}</dd>
      <dt>Total</dt>
      <dd>{usd(order.total_cents)}</dd>
      <dt>Created At</dt>
      <dd>{dateTime(order.created_at)}</dd>
    </dl>
  );
}

function UserOrderDialog({ order, onClose }: { order: UserOrder | null; onClose: () => void }) {
  return (
    <AdminDialog title={order ? `Order ${orderNumber(order.id)}` : 'Order'} isOpen={order !== null} onClose={onClose}>
      {order ? (
        <>
          <UserOrderFacts order={order} />
          <h3>Items</h3>
          {order.items.length === 0 ? (
            <p>No items</p>
          ) : (
            <ul>
              {order.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items of a summary have no id
                <li key={i}>
                  {item.name} ({item.item_type}) × {item.quantity} at {usd(item.unit_price_cents)}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      <div className="adm-dialog-actions">
        <Button onPress={onClose}>Close</Button>
      </div>
    </AdminDialog>
  );
}

/** A user's Details and Orders; a failed load is only logged (docs/decisions/spec-rules.md#s8). */
export function UserDetailDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const [user, setUser] = useState<AdminUserDetail | null>(null);
  const [order, setOrder] = useState<UserOrder | null>(null);
  useEffect(() => {
    setUser(null);
    if (!userId) return;
    api
      .get<AdminUserDetail>(`users/${userId}`)
      .then(setUser)
      .catch((e: unknown) => console.error('User detail load failed', e));
  }, [userId]);
  return (
    <>
      <AdminDialog title={user?.email ?? 'User'} isOpen={userId !== null && order === null} onClose={onClose}>
        {user ? (
          <Tabs
            label="User"
            tabs={[
              {
                id: 'details',
                title: 'Details',
                content: (
                  <dl className="adm-dl">
                    <dt>Email</dt>
                    <dd>{user.email}</dd>
                    <dt>Full Name</dt>
                    <dd>{user.full_name ?? ''}</dd>
                    <dt>Role</dt>
                    <dd>{user.role}</dd>
                    <dt>Created At</dt>
                    <dd>{dateTime(user.created_at)}</dd>
                    {typeof user.order_count === 'number' ? (
                      <>
                        <dt>Order Count</dt>
                        <dd>{user.order_count}</dd>
                      </>
                    ) : null}
                  </dl>
                ),
              },
              {
                id: 'orders',
                title: 'Orders',
                content: (
                  <DataTable
                    label="Orders of this user"
                    columns={[
                      { id: 'id', name: 'ID', render: (o) => orderNumber(o.id) },
                      { id: 'total', name: 'Total', render: (o) => usd(o.total_cents) },
                      { id: 'status', name: 'Status', render: (o) => orderStatusLabel(o.status) },
                      { id: 'created', name: 'Created At', render: (o) => dateTime(o.created_at) },
                    ]}
                    rows={user.orders}
                    onOpen={setOrder}
                    openOnClick
                    rowName={(o) => o.id}
                    emptyText="No orders."
                  />
                ),
              },
            ]}
          />
        ) : (
          <p>Loading…</p>
        )}
        <div className="adm-dialog-actions">
          <Button onPress={onClose}>Close</Button>
        </div>
      </AdminDialog>
      <UserOrderDialog order={order} onClose={() => setOrder(null)} />
    </>
  );
}

import { useState } from 'react';
import { type AdminUserPage, type AdminUserRow, USER_ROLES } from '../../lib/admin-schemas/users.ts';
import { dateTime } from '../format.ts';
import { Button, Select, TextField } from '../ui/controls.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { completeDate, DateField } from '../ui/DateField.tsx';
import { backToFirstPage, useFilteredList } from '../use-filtered-list.ts';
import { UserDetailDialog } from './UserDetail.tsx';

const ROLE_OPTIONS = USER_ROLES.map((r) => ({ id: r, label: r === 'admin' ? 'Admin' : 'Customer' }));
const PAGE_SIZES = [10, 25, 50].map((n) => ({ id: String(n), label: String(n) }));

export function Users() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [after, setAfter] = useState('');
  const [before, setBefore] = useState('');
  const [limit, setLimit] = useState(10);
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);

  const { data: page, error } = useFilteredList<AdminUserPage>(
    'users',
    {
      limit,
      offset,
      search: search.trim(),
      role,
      created_after: completeDate(after),
      created_before: completeDate(before),
    },
    { rows: [], total: 0 },
    'Could not load users.',
  );

  const filter = backToFirstPage(setOffset);

  return (
    <section className="adm-screen" aria-labelledby="users-title">
      <div className="adm-screen-head">
        <h1 id="users-title">Users</h1>
      </div>
      <search className="adm-filters" aria-label="User filters">
        <TextField label="Search" type="search" value={search} onChange={filter(setSearch)} />
        <Select label="Role" options={ROLE_OPTIONS} value={role} onChange={filter(setRole)} clearable />
        <DateField label="Created After" value={after} onChange={filter(setAfter)} />
        <DateField label="Created Before" value={before} onChange={filter(setBefore)} />
      </search>
      {error ? (
        <p className="adm-error" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable<AdminUserRow>
        label="Users"
        columns={[
          { id: 'email', name: 'Email', render: (u) => u.email },
          { id: 'name', name: 'Full Name', render: (u) => u.full_name ?? '' },
          { id: 'role', name: 'Role', render: (u) => u.role },
          { id: 'created', name: 'Created At', render: (u) => dateTime(u.created_at) },
        ]}
        rows={page.rows}
        actions={[{ label: 'View', onAction: (u) => setOpenId(u.id) }]}
        onOpen={(u) => setOpenId(u.id)}
        openOnClick
        rowName={(u) => u.email}
        emptyText="No users match."
      />
      <div className="adm-pager">
        <Button isDisabled={offset === 0} onPress={() => setOffset(Math.max(0, offset - limit))}>
          Previous
        </Button>
        <span>{page.total ? `${offset + 1}–${offset + page.rows.length} of ${page.total}` : ''}</span>
        <Button isDisabled={offset + limit >= page.total} onPress={() => setOffset(offset + limit)}>
          Next
        </Button>
        <Select
          label="Rows per page"
          options={PAGE_SIZES}
          value={String(limit)}
          onChange={(v) => {
            setLimit(Number(v ?? 10));
            setOffset(0);
          }}
        />
      </div>
      <UserDetailDialog userId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}

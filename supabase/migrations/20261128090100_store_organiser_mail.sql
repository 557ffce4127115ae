-- Issue 30: the e-mail that sends a store's proof to its organiser, with the signed link to the
-- organiser's page (approve the designs, then follow the sales). Owner-editable like every other
-- template. And the artwork the shop fixed on a store's designs is claimed by the store: the
-- sweep of unclaimed uploads leaves it alone (src/server/artwork/sweep-artwork.ts).

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('store-approval',
   'Please approve your store: {{storeName}}',
   E'Hi {{organiserName}},\n\nYour store {{storeName}} is ready for your approval. It opens {{opensAt}} and closes {{closesAt}}.\n\nIts designs: {{designs}}.\n\nLook at each design, its colours, sizes and price, and approve it here: {{organiserUrl}}\n\nOnce you approve it, the same link shows what has sold, the progress to each minimum and what your fundraiser has raised.\n\nThe {{shopName}} team\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{organiserName}},</p><p>Your store <strong>{{storeName}}</strong> is ready for your approval. It opens <strong>{{opensAt}}</strong> and closes <strong>{{closesAt}}</strong>.</p><p>Its designs: {{designs}}.</p><p><a href="{{organiserUrl}}" style="display:inline-block;padding:12px 20px;background:#BF5700;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold">Review and approve the store</a></p><p>Once you approve it, the same link shows what has sold, the progress to each minimum and what your fundraiser has raised.</p><p>The {{shopName}} team</p>{{shopFooterHtml}}</div>',
   array['organiserName', 'storeName', 'opensAt', 'closesAt', 'designs', 'organiserUrl', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText'])
on conflict (name) do nothing;

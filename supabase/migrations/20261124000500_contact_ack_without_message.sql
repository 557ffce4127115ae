-- The contact acknowledgement goes to whatever address a visitor typed in the form, so it must
-- not quote the visitor's message: quoting it made the form a relay that mails any text to any
-- address. The server no longer provides {{message}} to this template; this removes the quoted
-- copy from templates already stored (the seeded default, and any edit that kept it), so the
-- mail does not show an empty "Here is a copy of what you sent" block.

update public.email_templates
set
  txt = regexp_replace(
    replace(txt, E'Here is a copy of what you sent:\n\n{{message}}\n\n', ''),
    '\{\{\s*message\s*\}\}', '', 'g'),
  html = regexp_replace(
    replace(html,
      '<p>Here is a copy of what you sent:</p><blockquote style="white-space:pre-line;border-left:4px solid #BF5700;margin:0;padding-left:12px;color:#444">{{message}}</blockquote>',
      ''),
    '\{\{\s*message\s*\}\}', '', 'g'),
  subject = regexp_replace(subject, '\{\{\s*message\s*\}\}', '', 'g'),
  bindings = array_remove(bindings, 'message'),
  updated_at = now()
where name = 'contact-acknowledgement';

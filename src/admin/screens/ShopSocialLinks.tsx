import { MAX_SOCIAL_LINKS } from '../../lib/admin-schemas/shop-settings.ts';
import { Button, TextField } from '../ui/controls.tsx';

export type SocialLink = { name: string; url: string };

/**
 * The shop's social profiles in the footer's order (issue 44): a name and an https address each,
 * the server's message shown at the field it is about ("social.0.url").
 */
export function ShopSocialLinks({
  links,
  onChange,
  errors,
}: {
  links: SocialLink[];
  onChange: (links: SocialLink[]) => void;
  errors: Record<string, string>;
}) {
  const set = (i: number, patch: Partial<SocialLink>) =>
    onChange(links.map((link, j) => (j === i ? { ...link, ...patch } : link)));
  return (
    <fieldset className="adm-fieldset">
      <legend>Social profiles</legend>
      {errors['social'] ? (
        <p className="adm-error" role="alert">
          {errors['social']}
        </p>
      ) : null}
      {links.map((link, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; a row is its place in the list
        <div className="adm-social-link" key={i}>
          <TextField
            label={`Profile ${i + 1} name`}
            value={link.name}
            onChange={(name) => set(i, { name })}
            errorMessage={errors[`social.${i}.name`]}
          />
          <TextField
            label={`Profile ${i + 1} address`}
            value={link.url}
            onChange={(url) => set(i, { url })}
            placeholder="https://www.instagram.com/yourshop"
            errorMessage={errors[`social.${i}.url`]}
          />
          <Button variant="quiet" onPress={() => onChange(links.filter((_, j) => j !== i))}>
            {`Remove profile ${i + 1}`}
          </Button>
        </div>
      ))}
      {links.length < MAX_SOCIAL_LINKS ? (
        <Button onPress={() => onChange([...links, { name: '', url: '' }])}>Add a profile</Button>
      ) : null}
    </fieldset>
  );
}

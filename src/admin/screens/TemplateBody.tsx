import { useState } from 'react';
import { describeDesignLoss } from '../../lib/cart/design-loss.ts';
import { TextField } from '../ui/controls.tsx';
import { RichEditor } from '../ui/LazyRichEditor.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { useDesignLoss } from '../use-design-loss.ts';

/**
 * A template's HTML body: the Design (rich-text) tab and the HTML source tab. The Design view
 * opens only HTML it can keep whole: a template with tables, inline styles or anything else its
 * editor would drop stays in the HTML tab, and the owner is told what the Design view would lose
 * (an e-mail's layout is tables and inline styles, and saving the editor's version of them once
 * sent customers totals run together).
 */
export function TemplateBody({
  html,
  onChange,
  errorMessage,
}: {
  html: string;
  onChange: (html: string) => void;
  errorMessage: string | undefined;
}) {
  const [chosen, setChosen] = useState('design');
  const { pending, loss } = useDesignLoss(html);
  const designOff = pending || loss !== null;
  const selected = designOff ? 'html' : chosen;
  return (
    <div className="adm-wide">
      <h3>HTML Body</h3>
      {loss ? (
        <p className="adm-info" id="template-design-off">
          {describeDesignLoss(loss)}
        </p>
      ) : null}
      <Tabs
        label="HTML Body"
        selected={selected}
        onSelect={setChosen}
        disabled={designOff ? ['design'] : []}
        tabs={[
          {
            id: 'design',
            title: 'Design',
            content: <RichEditor label="HTML Body (design)" value={html} onChange={onChange} />,
          },
          {
            id: 'html',
            title: 'HTML',
            content: (
              <TextField
                label="HTML Body (source)"
                multiline
                rows={12}
                value={html}
                onChange={onChange}
                errorMessage={errorMessage}
              />
            ),
          },
        ]}
      />
    </div>
  );
}

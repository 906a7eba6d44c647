/**
 * A page's one `<h1>`, which also names the browser tab. After a navigation inside the
 * app, focus moves to it, so keyboard and screen-reader users start at the new page.
 *
 * A page's explanation (`help`) waits behind a help button beside the heading, so the
 * first screen shows the work itself: someone who schedules every day has read it once.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t, useT } from '../i18n';

let firstPage = true;

/**
 * The page's heading, with its explanation behind a help button when `help` is given.
 *
 * @example
 * <PageHeading title={t('calendar.title')} help={<p>{t('calendar.intro')}</p>}>
 *   {t('calendar.title')}
 * </PageHeading>
 */
export function PageHeading({
  children,
  title,
  help,
}: {
  children: ComponentChildren;
  title: string;
  help?: ComponentChildren;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title]);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    heading.current?.focus();
  }, []);
  const h1 = (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
  if (help === undefined) return h1;
  return <HelpfulHeading heading={h1} help={help} />;
}

function HelpfulHeading({
  heading,
  help,
}: {
  heading: ComponentChildren;
  help: ComponentChildren;
}) {
  const tr = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div class="page-heading">
        {heading}
        <button
          type="button"
          class="outline secondary help-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">?</span> {open ? tr('app.hideHelp') : tr('app.help')}
        </button>
      </div>
      <div id={id} class="page-help" hidden={!open}>
        {help}
      </div>
    </>
  );
}

import { ArrowLeft, ArrowUp } from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import i18n from '@/lib/i18n';
import { Link, useLocation, useNavigate } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import legal from '@/locales/en/legal.json';

// Shared layout of the public legal documents (spec §2: Terms of Service, Privacy Policy).
// The texts live in locales/en/legal.json: large, so they ship with these lazy pages instead of the main catalogue.
i18n.addResourceBundle('en', 'legal', legal, true, true);

export type LegalDocumentKey = 'terms' | 'privacy';

export interface LegalSubsection {
  title: string;
  paragraphs?: string[];
  list?: string[];
}

/** One numbered section; rendered in this order: paragraphs, list, subsections, closing paragraphs. */
export interface LegalSection {
  /** Anchor for the table of contents and deep links (stable across languages: do not translate). */
  id: string;
  title: string;
  paragraphs?: string[];
  list?: string[];
  subsections?: LegalSubsection[];
  closing?: string[];
}

const TITLE_ID = 'legal-title';
const CONTENTS_ID = 'legal-contents';

// Inline markup inside the texts: **bold** (defined terms), e-mail addresses and web addresses become links.
const INLINE_TOKEN = /(\*\*[^*]+\*\*|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}|https?:\/\/[^\s()]*[^\s().,;:])/g;
const inlineLink =
  'font-medium text-primary underline underline-offset-2 decoration-primary/40 hover:text-primary-hover hover:decoration-current';

/** Renders one translated string, turning **bold** runs, e-mail addresses and URLs into markup. */
export function LegalText({ text }: { text: string }) {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const part of text.split(INLINE_TOKEN)) {
    const key = offset;
    offset += part.length;
    if (!part) continue;
    if (part.startsWith('**') && part.endsWith('**')) {
      nodes.push(
        <strong key={key} className="font-semibold text-foreground">
          {part.slice(2, -2)}
        </strong>,
      );
    } else if (/^https?:\/\//.test(part)) {
      nodes.push(
        <a key={key} href={part} target="_blank" rel="noopener noreferrer" className={`${inlineLink} break-all`}>
          {part}
        </a>,
      );
    } else if (/^[^\s@]+@[^\s@]+$/.test(part)) {
      nodes.push(
        <a key={key} href={`mailto:${part}`} className={inlineLink}>
          {part}
        </a>,
      );
    } else {
      nodes.push(part);
    }
  }
  return <>{nodes}</>;
}

function Paragraphs({ items }: { items?: string[] }) {
  return items?.map((text) => (
    <p key={text}>
      <LegalText text={text} />
    </p>
  ));
}

function BulletList({ items }: { items?: string[] }) {
  if (!items?.length) return null;
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-muted-foreground">
      {items.map((text) => (
        <li key={text} className="pl-1">
          <LegalText text={text} />
        </li>
      ))}
    </ul>
  );
}

function asArray<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Smoothly scrolls to an in-page target and moves focus there, without adding a history entry. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, targetId: string, focusSelector?: string) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return; // let the browser open the anchor in a new tab or window
  }
  const target = document.getElementById(targetId);
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  const focusable = focusSelector ? target.querySelector<HTMLElement>(focusSelector) : target;
  focusable?.focus({ preventScroll: true });
}

export function LegalPage({ document: doc }: { document: LegalDocumentKey }) {
  const { t } = useTranslation('legal');
  const navigate = useNavigate();
  const location = useLocation();

  const title = t(`${doc}.title`);
  const updated = t(`${doc}.updated`);
  const intro = asArray<string>(t(`${doc}.intro`, { returnObjects: true }));
  const sections = asArray<LegalSection>(t(`${doc}.sections`, { returnObjects: true }));
  const related =
    doc === 'terms'
      ? { to: paths.privacy.href(), label: t('footer.seePrivacy') }
      : { to: paths.terms.href(), label: t('footer.seeTerms') };

  usePageTitle(title);

  // Deep links such as /terms-of-service#payment-and-refund-policy: the page is lazy, so the browser
  // cannot scroll to the anchor on its own.
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView?.({ block: 'start' });
  }, [location.hash]);

  // The first entry of a browsing session has the key 'default': nothing of ours to go back to.
  const goBack = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.root.href());
  };

  return (
    <div className="min-h-dvh bg-background text-foreground">
      <header className="sticky top-0 z-10 border-b border-border bg-background">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Button variant="ghost" onClick={goBack} className="-ml-2 px-2">
            <ArrowLeft aria-hidden="true" className="size-5" />
            {t('back')}
          </Button>
          <span className="inline-flex items-center gap-2 text-sm font-semibold tracking-tight text-foreground">
            <LogoMark className="size-7" />
            {t('app.name', { ns: 'translation' })}
          </span>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-4 pt-8 pb-16 sm:px-6 sm:pt-12">
        <article aria-labelledby={TITLE_ID}>
          <header className="border-b border-border pb-6">
            <h1
              id={TITLE_ID}
              tabIndex={-1}
              className="scroll-mt-20 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
            >
              {title}
            </h1>
            <p className="mt-3 text-sm text-muted-foreground">{updated}</p>
          </header>

          {intro.length > 0 && (
            <div className="mt-6 space-y-4 text-base leading-7">
              <Paragraphs items={intro} />
            </div>
          )}

          <nav
            aria-labelledby={CONTENTS_ID}
            className="mt-8 rounded-lg border border-border bg-card p-5 shadow-card sm:p-6"
          >
            <h2 id={CONTENTS_ID} className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
              {t('contents')}
            </h2>
            <ol className="mt-3 grid gap-x-8 sm:grid-cols-2">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => jumpTo(event, section.id, 'h2')}
                    className="flex gap-2 rounded-sm py-1.5 text-sm text-foreground hover:text-primary hover:underline"
                  >
                    <span aria-hidden="true" className="w-6 shrink-0 text-right text-muted-foreground tabular-nums">
                      {index + 1}.
                    </span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          {sections.map((section, index) => {
            const number = index + 1;
            return (
              <section key={section.id} id={section.id} className="mt-10 scroll-mt-20 sm:mt-12">
                <h2 tabIndex={-1} className="text-xl font-semibold tracking-tight text-balance sm:text-2xl">
                  <span className="mr-1 text-primary tabular-nums">{number}.</span> {section.title}
                </h2>
                <div className="mt-4 space-y-4 text-base leading-7">
                  <Paragraphs items={section.paragraphs} />
                  <BulletList items={section.list} />
                  {section.subsections?.map((sub, subIndex) => (
                    <div key={sub.title} className="space-y-3 pt-2">
                      <h3 className="text-base font-semibold">
                        <span className="mr-1 text-muted-foreground tabular-nums">
                          {number}.{subIndex + 1}
                        </span>{' '}
                        {sub.title}
                      </h3>
                      <Paragraphs items={sub.paragraphs} />
                      <BulletList items={sub.list} />
                    </div>
                  ))}
                  <Paragraphs items={section.closing} />
                </div>
              </section>
            );
          })}
        </article>

        <footer className="mt-12 space-y-4 border-t border-border pt-6 text-sm text-muted-foreground">
          <p>
            <LegalText text={t('footer.questions')} />
          </p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <Link to={related.to} className={inlineLink}>
              {related.label}
            </Link>
            <a
              href={`#${TITLE_ID}`}
              onClick={(event) => jumpTo(event, TITLE_ID)}
              className="inline-flex items-center gap-1 font-medium text-foreground hover:text-primary hover:underline"
            >
              <ArrowUp aria-hidden="true" className="size-4" />
              {t('backToTop')}
            </a>
          </div>
        </footer>
      </main>
    </div>
  );
}

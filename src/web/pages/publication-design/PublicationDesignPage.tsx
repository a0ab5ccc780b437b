import { useRef, useState, type KeyboardEvent } from 'react';
import { mutateField } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { Button } from '../../components/button/Button.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { publicationBaseHere, publicationVariables, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { PUBLICATION_DESIGN_QUERY, PUBLISH_HOMEPAGE, SAVE_HOMEPAGE_DRAFT } from '../../graphql/publication-design-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { PublicationSections, type SectionData } from '../publication-home/PublicationSections.js';
import { moved } from '../sequence-editor/PartsOrder.js';
import { colorProblem, designInput, editedFrom, newPostsSection, newPromotionSection, previewHeaderColor, previewSections, type EditedDesign, type EditedSection } from './design-state.js';
import { ImageUploadField } from './ImageUploadField.js';
import { SectionFields } from './SectionFields.js';
import styles from './PublicationDesignPage.module.css';

type Design = { header: { size: string; color: string | null; backgroundImage: { id: string } | null }; sections: SectionData[] };
interface DesignData {
  collection: (PublicationFrameData & { homepage: Design; homepageDraft: (Design & { logo: { id: string } | null }) | null }) | null;
}

const TRY_AGAIN = 'Something went wrong. Please try again.';
const sectionName = (s: EditedSection, i: number) => `Section ${i + 1}: ${s.type === 'POSTS' ? s.title || 'Stories' : s.headlineText || 'Promotion'}`;

/**
 * /{slug}/design (publication-design-editor, basic layout; editors only): the header (size,
 * colour, the 1800×212 background, the logo) and the homepage's sections — added, edited, moved
 * (buttons, or Alt+↑/↓ on a focused section) and deleted — with a live preview. "Save draft"
 * keeps the draft from readers; "Publish" makes it the homepage.
 */
export default function PublicationDesignPage({ params }: PageProps) {
  const publication = usePageQuery<DesignData>(PUBLICATION_DESIGN_QUERY, publicationVariables(params))?.collection ?? null;
  if (!publication) return null;
  return <DesignEditor key={publication.id} publication={publication} />;
}

function DesignEditor({ publication }: { publication: NonNullable<DesignData['collection']> }) {
  const loadData = useBrowserData();
  const base = publicationBaseHere(publication, useNavigation().pathname);
  const [loaded, setLoaded] = useState<Design>(publication.homepageDraft ?? publication.homepage);
  const [design, setDesign] = useState<EditedDesign>(() => editedFrom(loaded, publication.homepageDraft ? (publication.homepageDraft.logo?.id ?? null) : (publication.logo?.id ?? null)));
  const [status, setStatus] = useState<{ kind: 'error' | 'done'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = useRef(new Map<string, HTMLLIElement>());

  const change = (patch: Partial<EditedDesign>) => setDesign((d) => ({ ...d, ...patch }));
  const changeSection = (key: string, patch: Partial<EditedSection>) => setDesign((d) => ({ ...d, sections: d.sections.map((s) => (s.key === key ? { ...s, ...patch } : s)) }));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= design.sections.length) return;
    const key = design.sections[from]!.key;
    setDesign((d) => ({ ...d, sections: moved(d.sections, from, to) }));
    // The moved section keeps the focus, so it can be moved again.
    requestAnimationFrame(() => rows.current.get(key)?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>, i: number) => {
    if (!e.altKey || e.target !== e.currentTarget) return;
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
    }
  };

  async function save(publish: boolean) {
    setBusy(true);
    setStatus(null);
    try {
      const saved = await mutateField(loadData, SAVE_HOMEPAGE_DRAFT, { collectionId: publication.id, design: designInput(design) }, 'saveHomepageDraft');
      if (saved?.__typename !== 'CollectionSuccess') return setStatus({ kind: 'error', message: saved?.message ?? TRY_AGAIN });
      if (!publish) {
        // The saved draft, as the server normalized it, with its sections' stories for the preview.
        const { client } = await loadData();
        const { data } = await client.query({ query: PUBLICATION_DESIGN_QUERY, variables: { id: publication.id }, fetchPolicy: 'network-only' });
        const draft = (data as DesignData | undefined)?.collection?.homepageDraft;
        if (draft) {
          setLoaded(draft);
          setDesign(editedFrom(draft, draft.logo?.id ?? null));
        }
        return setStatus({ kind: 'done', message: 'Draft saved. Readers still see the published homepage.' });
      }
      const published = await mutateField(loadData, PUBLISH_HOMEPAGE, { collectionId: publication.id }, 'publishHomepage');
      if (published?.__typename !== 'CollectionSuccess') return setStatus({ kind: 'error', message: published?.message ?? TRY_AGAIN });
      const { client } = await loadData();
      // Every page of the publication shows the design: what was cached of it is stale.
      client.cache.evict({ id: client.cache.identify({ __typename: 'Collection', id: publication.id }) });
      client.cache.gc();
      setStatus({ kind: 'done', message: 'Published. Readers now see this homepage.' });
    } finally {
      setBusy(false);
    }
  }

  const preview: PublicationFrameData = {
    ...publication,
    logo: design.logoImageId ? { id: design.logoImageId } : null,
    homepage: { header: { size: design.size, color: previewHeaderColor(design), backgroundImage: design.backgroundImageId ? { id: design.backgroundImageId } : null } },
  };
  const onError = (message: string | null) => setStatus(message ? { kind: 'error', message } : null);

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <h1 className={styles.title}>Design {publication.name}</h1>
        <Link href={base || '/'} className={styles.back}>
          Back to the homepage
        </Link>
      </div>
      <div className={styles.columns}>
        <form className={styles.form} onSubmit={(e) => e.preventDefault()} aria-label="Homepage design">
          <fieldset className={styles.group}>
            <legend className={styles.legend}>Header</legend>
            <div className={styles.sizes} role="radiogroup" aria-label="Header size">
              {['SMALL', 'MEDIUM', 'LARGE'].map((size) => (
                <label key={size} className={styles.radio}>
                  <input type="radio" name="header-size" value={size} checked={design.size === size} onChange={() => change({ size })} />
                  {size[0] + size.slice(1).toLowerCase()}
                </label>
              ))}
            </div>
            <label className={styles.field}>
              <span className={styles.label}>Header colour</span>
              <input className={styles.input} value={design.color} placeholder="#1a8917" aria-invalid={colorProblem(design.color) ? true : undefined} onChange={(e) => change({ color: e.target.value })} />
              {colorProblem(design.color) && <span className={styles.problem}>{colorProblem(design.color)}</span>}
            </label>
            <ImageUploadField label="Background image" imageId={design.backgroundImageId} width={360} height={42} onChange={(backgroundImageId) => change({ backgroundImageId })} onError={onError} />
            <ImageUploadField label="Logo" imageId={design.logoImageId} width={200} height={40} onChange={(logoImageId) => change({ logoImageId })} onError={onError} />
          </fieldset>

          <fieldset className={styles.group}>
            <legend className={styles.legend}>Sections</legend>
            <ol className={styles.sectionList} aria-label="Sections">
              {design.sections.map((s, i) => (
                <li
                  key={s.key}
                  ref={(el) => {
                    if (el) rows.current.set(s.key, el);
                    else rows.current.delete(s.key);
                  }}
                  tabIndex={0}
                  className={styles.section}
                  aria-label={`${sectionName(s, i)}. Alt+Up or Alt+Down to move.`}
                  onKeyDown={(e) => onKeyDown(e, i)}
                  data-testid="design-section"
                >
                  <div className={styles.sectionHead}>
                    <span className={styles.sectionKind}>{s.type === 'POSTS' ? 'Posts section' : 'Promotion'}</span>
                    <span className={styles.row}>
                      <button type="button" className={styles.iconButton} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`Move section ${i + 1} up`}>
                        ↑
                      </button>
                      <button type="button" className={styles.iconButton} disabled={i === design.sections.length - 1} onClick={() => move(i, i + 1)} aria-label={`Move section ${i + 1} down`}>
                        ↓
                      </button>
                      <button type="button" className={styles.textButton} onClick={() => setDesign((d) => ({ ...d, sections: d.sections.filter((x) => x.key !== s.key) }))} aria-label={`Delete section ${i + 1}`}>
                        Delete
                      </button>
                    </span>
                  </div>
                  <SectionFields section={s} onChange={(patch) => changeSection(s.key, patch)} onError={onError} />
                </li>
              ))}
            </ol>
            <div className={styles.row}>
              <Button variant="outline" size="small" type="button" disabled={design.sections.length >= 12} onClick={() => change({ sections: [...design.sections, newPostsSection()] })}>
                Add posts section
              </Button>
              <Button variant="outline" size="small" type="button" disabled={design.sections.length >= 12} onClick={() => change({ sections: [...design.sections, newPromotionSection()] })}>
                Add promotion section
              </Button>
            </div>
          </fieldset>

          <div className={styles.actions}>
            {status && (
              <p className={status.kind === 'error' ? styles.problem : styles.done} role={status.kind === 'error' ? 'alert' : 'status'}>
                {status.message}
              </p>
            )}
            <div className={styles.row}>
              <Button variant="outline" type="button" disabled={busy} onClick={() => void save(false)}>
                Save draft
              </Button>
              <Button type="button" disabled={busy} onClick={() => void save(true)}>
                Publish
              </Button>
            </div>
          </div>
        </form>

        <section className={styles.preview} aria-label="Preview" data-testid="design-preview">
          <h2 className={styles.previewTitle}>Preview</h2>
          <div className={styles.previewFrame}>
            <PublicationMasthead publication={preview} />
            <PublicationSections sections={previewSections(design, loaded.sections)} base={base} emptyPosts={(s) => (s.id.startsWith('new-') ? 'Save the draft to see this section’s stories.' : 'No stories here yet.')} />
          </div>
        </section>
      </div>
    </div>
  );
}

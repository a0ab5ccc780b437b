import { colorProblem, type EditedSection } from './design-state.js';
import { ImageUploadField } from './ImageUploadField.js';
import styles from './PublicationDesignPage.module.css';

type Change = (patch: Partial<EditedSection>) => void;

function Field({ label, value, onChange, problem, maxLength, placeholder }: { label: string; value: string; onChange(v: string): void; problem?: string | null; maxLength?: number; placeholder?: string }) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <input className={styles.input} value={value} maxLength={maxLength} placeholder={placeholder} aria-invalid={problem ? true : undefined} onChange={(e) => onChange(e.target.value)} />
      {problem && <span className={styles.problem}>{problem}</span>}
    </label>
  );
}

function Choice({ label, value, options, onChange }: { label: string; value: string; options: [string, string][]; onChange(v: string): void }) {
  return (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <select className={styles.input} value={value} aria-label={label} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The fields of one section: a posts section's title, layout, source, tags and count, or a promotion's. */
export function SectionFields({ section, onChange, onError }: { section: EditedSection; onChange: Change; onError(m: string | null): void }) {
  if (section.type === 'POSTS') {
    return (
      <div className={styles.fields}>
        <Field label="Section title" value={section.title} maxLength={60} onChange={(title) => onChange({ title })} />
        <Choice label="Layout" value={section.layout} options={[['GRID', 'Grid'], ['LIST', 'List'], ['STREAM', 'Stream']]} onChange={(layout) => onChange({ layout })} />
        <Choice label="Stories" value={section.source} options={[['LATEST', 'Latest'], ['TAG', 'By tag'], ['FEATURED', 'Featured']]} onChange={(source) => onChange({ source })} />
        {section.source === 'TAG' && <Field label="Tags (up to 5, comma-separated)" value={section.tags} onChange={(tags) => onChange({ tags })} />}
        <label className={styles.field}>
          <span className={styles.label}>Number of stories</span>
          <input className={styles.input} type="number" min={1} max={24} value={section.limit} onChange={(e) => onChange({ limit: e.target.value })} />
        </label>
      </div>
    );
  }
  return (
    <div className={styles.fields}>
      <Field label="Headline" value={section.headlineText} maxLength={120} onChange={(headlineText) => onChange({ headlineText })} />
      <Field label="Button text" value={section.buttonText} maxLength={30} onChange={(buttonText) => onChange({ buttonText })} />
      <Field label="Button link" value={section.url} placeholder="https://… or /path" onChange={(url) => onChange({ url })} />
      <Field label="Background colour" value={section.backgroundColor} placeholder="#1a8917" problem={colorProblem(section.backgroundColor)} onChange={(backgroundColor) => onChange({ backgroundColor })} />
      <ImageUploadField label="Image" imageId={section.imageId} width={160} height={100} onChange={(imageId) => onChange({ imageId })} onError={onError} />
    </div>
  );
}

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmationDialog } from '../confirmation-dialog';
import { Modal } from './Modal';

const noop = () => {};

describe('Modal', () => {
  it('renders nothing when hidden', () => {
    expect(renderToStaticMarkup(<Modal isVisible={false} onClose={noop}>x</Modal>)).toBe('');
  });

  it('renders an accessible dialog with a close button', () => {
    const html = renderToStaticMarkup(
      <Modal isVisible onClose={noop} aria-label="Reactivate">
        body
      </Modal>,
    );
    expect(html).toMatch(/role="dialog" aria-modal="true"/);
    expect(html).toContain('aria-label="Reactivate"');
    expect(html).toMatch(/<button type="button"[^>]*aria-label="Close"/);
    expect(html).toContain('body');
  });
});

describe('ConfirmationDialog', () => {
  it('renders title, body, Cancel by default, confirm and footer', () => {
    const html = renderToStaticMarkup(
      <ConfirmationDialog isVisible hide={noop} title="Delete story" confirmText="Delete" onConfirm={noop} footer="Can't be undone">
        Are you sure?
      </ConfirmationDialog>,
    );
    expect(html).toMatch(/aria-labelledby="([^"]+)"[^]*<h2 id="\1"[^>]*>Delete story<\/h2>/);
    expect(html).toContain('Are you sure?');
    expect(html).toMatch(/>Cancel<\/button>/);
    expect(html).toContain('Delete</span>');
    expect(html).toContain("Can&#x27;t be undone");
  });

  it('accepts a custom cancel text', () => {
    const html = renderToStaticMarkup(
      <ConfirmationDialog isVisible hide={noop} title="t" confirmText="OK" cancelText="Keep" onConfirm={noop} />,
    );
    expect(html).toContain('>Keep</button>');
  });
});

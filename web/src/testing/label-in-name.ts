/**
 * The label-in-name check, as a component test can run it in jsdom: a control's accessible name must
 * contain the words it shows, or a voice-control user who says what they see ("tap My page 3") names
 * nothing. axe runs the real rule in the browser; this one catches the same mistakes earlier.
 */

const CONTROLS = 'a[href], button, summary, [role="button"], [role="link"], [role="tab"], [role="menuitem"]'

/** Letters and digits only, lower case: symbols and spacing do not count (nor does an icon such as a cross). */
function words(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

/** What a sighted person reads on the control: everything but text kept for screen readers only. */
function visibleText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
  if (!(node instanceof Element)) return ''
  if (node.classList.contains('visually-hidden') || node.hasAttribute('hidden')) return ''
  return [...node.childNodes].map(visibleText).join('')
}

/** The name from the control's content: text and pictures' alternatives, less what is hidden from assistive technology. */
function contentName(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
  if (!(node instanceof Element)) return ''
  if (node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('hidden')) return ''
  const label = node.getAttribute('aria-label')
  if (label) return label
  if (node instanceof HTMLImageElement) return node.alt
  return [...node.childNodes].map(contentName).join(' ')
}

function accessibleName(control: Element): string {
  const labelledBy = control.getAttribute('aria-labelledby')
  if (labelledBy) {
    return labelledBy
      .split(/\s+/)
      .map((id) => control.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ')
  }
  return control.getAttribute('aria-label') ?? [...control.childNodes].map(contentName).join(' ')
}

/** The controls inside `root` whose accessible name leaves out words they show, each as a line to read. */
export function labelInNameMisfits(root: ParentNode): string[] {
  const misfits: string[] = []
  for (const control of root.querySelectorAll(CONTROLS)) {
    const shown = words(visibleText(control))
    if (!shown) continue
    const name = accessibleName(control)
    if (!words(name).includes(shown)) {
      misfits.push(
        `${control.tagName.toLowerCase()} shows "${visibleText(control).trim()}", named "${name.trim()}"`,
      )
    }
  }
  return misfits
}

import { nothing } from 'lit';
import { Directive, directive, type ElementPart, PartType, type PartInfo } from 'lit/directive.js';

/**
 * Sets properties on the element it is placed on, on every render: a figure's properties come from
 * chapter data, so their names are not known to the template. Lit components re-render only for
 * values that changed (their hasChanged), so assigning the same primitives again costs nothing.
 */
class PropsDirective extends Directive {
  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('props() belongs on an element');
  }
  render(_props: Record<string, unknown>) {
    return nothing;
  }
  update(part: ElementPart, [props]: [Record<string, unknown>]) {
    const el = part.element as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(props)) if (el[k] !== v) el[k] = v;
    return nothing;
  }
}

export const props = directive(PropsDirective);

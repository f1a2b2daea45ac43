// What each page draws, through forms, patterns, soft masks and Type 3 glyphs, held to the pixel budgets.
import { PDFArray, PDFDict, PDFStream, type PDFContext, type PDFDocument } from 'pdf-lib';
import { REFUSALS } from '../messages.js';
import { FORM_COST, MAX_DEPTH, MAX_FILE_CONTENT_BYTES, MAX_FORM_DEPTH, PDF_MAX_FILE_PIXELS, PDF_MAX_IMAGE_PIXELS, PDF_MAX_PAGE_PIXELS } from './limits.js';
import { lex, type Operand } from './content-lexer.js';
import { dictOf, millions, N, nameOf, numberOf, refuse, resolve } from './objects.js';
import { picturePixels } from './picture-sizes.js';
import { ContentTooLarge, decodeContent } from './streams.js';

/**
 * What a content stream draws, read once: its picture XObjects, its inline pictures' pixels, and what the form
 * XObjects, patterns, soft masks and Type 3 fonts it draws draw (their own `Drawn`, shared).
 */
interface Drawn {
  pictures: Set<PDFStream>;
  inlinePixels: number;
  parts: Set<Drawn>;
}

const nothingDrawn = (): Drawn => ({ pictures: new Set(), inlinePixels: 0, parts: new Set() });

/** Entries of a map keyed by a stream or dictionary, then by the resources it is read with. */
class ByResources<K extends object> {
  private readonly map = new Map<K, Map<PDFDict | undefined, Drawn>>();

  get(key: K, resources: PDFDict | undefined): Drawn | undefined {
    return this.map.get(key)?.get(resources);
  }

  set(key: K, resources: PDFDict | undefined, drawn: Drawn) {
    let inner = this.map.get(key);
    if (!inner) this.map.set(key, (inner = new Map()));
    inner.set(resources, drawn);
  }
}

/**
 * Counts what a page draws, following its content into form XObjects, soft masks, patterns and Type 3 glyphs. Each of
 * those is read once per file with each set of resources it is drawn with (its own, or those it inherits: a form or a
 * glyph without resources of its own draws what the names of its drawer's resources stand for), and a page counts each
 * picture it draws once, and the inline pictures of each form or glyph once, however often it is drawn.
 */
class PictureCounter {
  private readonly forms = new ByResources<PDFStream>();
  private readonly fonts = new ByResources<PDFDict>();
  private decoded = 0;
  /** Inline pictures of the whole file (a form's or glyph's once per set of resources). */
  inlinePixels = 0;

  constructor(private readonly context: PDFContext) {}

  /** The pixels one page draws. */
  page(node: PDFDict, resources: PDFDict | undefined): number {
    const drawn = nothingDrawn();
    const contents = resolve(this.context, node.get(N('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray().map((value) => resolve(this.context, value)) : [contents];
    const parts: Uint8Array[] = [];
    let readable = true;
    for (const stream of streams) {
      if (!(stream instanceof PDFStream)) continue;
      const data = this.decode(stream);
      if (data) parts.push(data, Buffer.from('\n'));
      else readable = false;
    }
    // A page's content streams are read as one: an operator may start in one and end in the next.
    this.draw(Buffer.concat(parts), resources, drawn, 0, readable);
    // Annotations' appearances are drawn with the page.
    const annotations = resolve(this.context, node.get(N('Annots')));
    for (const annotation of annotations instanceof PDFArray ? annotations.asArray() : []) {
      const appearance = dictOf(resolve(this.context, dictOf(resolve(this.context, annotation))?.get(N('AP'))));
      const normal = resolve(this.context, appearance?.get(N('N')));
      const forms = normal instanceof PDFStream ? [normal] : normal instanceof PDFDict ? normal.entries().map(([, value]) => resolve(this.context, value)) : [];
      for (const form of forms) if (form instanceof PDFStream) this.form(form, undefined, drawn, 0);
    }
    // Everything it draws, through forms and glyphs, each once.
    const pictures = new Set<PDFStream>();
    let pixels = 0;
    const seen = new Set<Drawn>([drawn]);
    const queue = [drawn];
    for (const part of queue) {
      pixels += part.inlinePixels;
      for (const picture of part.pictures) pictures.add(picture);
      for (const next of part.parts) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    for (const picture of pictures) pixels += picturePixels(this.context, picture);
    return pixels;
  }

  /** A stream's content, its bytes (and `extra` more) counted in the file's budget. */
  private decode(stream: PDFStream, extra = 0): Uint8Array | null {
    this.decoded += extra;
    try {
      const data = this.decoded > MAX_FILE_CONTENT_BYTES ? null : decodeContent(this.context, stream);
      this.decoded += data?.length ?? 0;
      if (this.decoded > MAX_FILE_CONTENT_BYTES) throw new ContentTooLarge();
      return data;
    } catch (error) {
      if (error instanceof ContentTooLarge) throw refuse(REFUSALS.pdfTooComplex);
      throw error;
    }
  }

  /** Follows a content stream's drawing operators; when it cannot be read, every picture its resources offer is counted. */
  private draw(data: Uint8Array, resources: PDFDict | undefined, drawn: Drawn, depth: number, readable = true) {
    if (!readable) this.everything(resources, drawn, depth);
    const lookup = (category: string, operand: Operand) => {
      if (typeof operand !== 'string' || !operand.startsWith('/')) return undefined;
      const group = dictOf(resolve(this.context, resources?.get(N(category))));
      return resolve(this.context, group?.get(N(operand.slice(1))));
    };
    lex(
      data,
      (operator, last, before) => {
        if (operator === 'Do') {
          const object = lookup('XObject', last);
          if (!(object instanceof PDFStream)) return;
          const subtype = nameOf(object.dict.get(N('Subtype')));
          if (subtype === 'Image') this.picture(object, drawn);
          else if (subtype === 'Form') this.form(object, resources, drawn, depth);
        } else if (operator === 'gs') {
          const mask = dictOf(resolve(this.context, dictOf(lookup('ExtGState', last))?.get(N('SMask'))));
          const group = resolve(this.context, mask?.get(N('G')));
          if (group instanceof PDFStream) this.form(group, resources, drawn, depth);
        } else if (operator === 'scn' || operator === 'SCN') {
          const pattern = lookup('Pattern', last);
          if (pattern instanceof PDFStream && numberOf(this.context, pattern.dict.get(N('PatternType'))) === 1) this.form(pattern, resources, drawn, depth);
        } else if (operator === 'Tf') this.glyphs(dictOf(lookup('Font', before)), resources, drawn, depth);
      },
      ({ pixels }) => {
        if (pixels > PDF_MAX_IMAGE_PIXELS) throw refuse(REFUSALS.pdfImageTooLarge(millions(PDF_MAX_IMAGE_PIXELS)));
        drawn.inlinePixels += pixels;
        this.inlinePixels += pixels;
      },
    );
  }

  private picture(picture: PDFStream, drawn: Drawn) {
    drawn.pictures.add(picture);
    // Its masks are pictures decoded with it.
    for (const key of ['SMask', 'Mask']) {
      const mask = resolve(this.context, picture.dict.get(N(key)));
      if (mask instanceof PDFStream) drawn.pictures.add(mask);
    }
  }

  /**
   * A form XObject (or a pattern, a soft mask's group, a glyph) drawn with `inherited` resources: what it draws, read
   * once per file with each set of resources it is read with. Its `Drawn` is kept before it is read: a form that draws
   * itself, directly or not, finds it.
   */
  private form(form: PDFStream, inherited: PDFDict | undefined, drawn: Drawn, depth: number, own = dictOf(resolve(this.context, form.dict.get(N('Resources'))))) {
    const resources = own instanceof PDFDict ? own : inherited;
    let read = this.forms.get(form, resources);
    if (!read) {
      if (depth >= MAX_FORM_DEPTH) throw refuse(REFUSALS.pdfTooComplex);
      read = nothingDrawn();
      this.forms.set(form, resources, read);
      const data = this.decode(form, FORM_COST);
      this.draw(data ?? new Uint8Array(), resources, read, depth + 1, data !== null);
    }
    drawn.parts.add(read);
  }

  /** Every picture a resource dictionary offers, through its forms, patterns, soft masks and Type 3 glyphs: for content that cannot be read. */
  private everything(resources: PDFDict | undefined, drawn: Drawn, depth: number) {
    const entries = (category: string) => (dictOf(resolve(this.context, resources?.get(N(category))))?.entries() ?? []).map(([, value]) => resolve(this.context, value));
    for (const object of entries('XObject')) {
      if (!(object instanceof PDFStream)) continue;
      if (nameOf(object.dict.get(N('Subtype'))) === 'Image') this.picture(object, drawn);
      else this.form(object, resources, drawn, depth);
    }
    for (const pattern of entries('Pattern')) if (pattern instanceof PDFStream) this.form(pattern, resources, drawn, depth);
    for (const state of entries('ExtGState')) {
      const group = resolve(this.context, dictOf(resolve(this.context, dictOf(state)?.get(N('SMask'))))?.get(N('G')));
      if (group instanceof PDFStream) this.form(group, resources, drawn, depth);
    }
    for (const font of entries('Font')) this.glyphs(dictOf(font), resources, drawn, depth);
  }

  /** What a Type 3 font's glyphs draw (all of them, whichever a text shows), read once per file with each set of resources. */
  private glyphs(font: PDFDict | undefined, inherited: PDFDict | undefined, drawn: Drawn, depth: number) {
    if (!font || nameOf(font.get(N('Subtype'))) !== 'Type3') return;
    const own = dictOf(resolve(this.context, font.get(N('Resources'))));
    const resources = own instanceof PDFDict ? own : inherited;
    let read = this.fonts.get(font, resources);
    if (!read) {
      read = nothingDrawn();
      this.fonts.set(font, resources, read);
      for (const [, glyph] of dictOf(resolve(this.context, font.get(N('CharProcs'))))?.entries() ?? []) {
        const procedure = resolve(this.context, glyph);
        if (procedure instanceof PDFStream) this.form(procedure, resources, read, depth, own);
      }
    }
    drawn.parts.add(read);
  }
}

/** A page's resources, inherited from its ancestors when it has none; anything but a dictionary is none, as readers take it. */
function pageResources(context: PDFContext, node: PDFDict): PDFDict | undefined {
  let current: PDFDict | undefined = node;
  for (let depth = 0; current && depth < MAX_DEPTH; depth += 1) {
    const resources = current.get(N('Resources'));
    if (resources !== undefined) {
      const dict = resolve(context, resources);
      return dict instanceof PDFDict ? dict : undefined;
    }
    const parent = resolve(context, current.get(N('Parent')));
    current = parent instanceof PDFDict ? parent : undefined;
  }
  return undefined;
}

/**
 * Refuses a PDF whose pictures would take too much memory to draw: any picture above `PDF_MAX_IMAGE_PIXELS`, a page
 * above `PDF_MAX_PAGE_PIXELS`, a file above `PDF_MAX_FILE_PIXELS` (each picture counted once, inline ones each time
 * they are read: a page's each time, a form's or glyph's once per set of resources).
 */
export function checkPictures(document: PDFDocument) {
  const { context } = document;
  let filePixels = 0;
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFStream) || nameOf(object.dict.get(N('Subtype'))) !== 'Image') continue;
    const pixels = picturePixels(context, object);
    if (pixels > PDF_MAX_IMAGE_PIXELS) throw refuse(REFUSALS.pdfImageTooLarge(millions(PDF_MAX_IMAGE_PIXELS)));
    filePixels += pixels;
  }
  if (filePixels > PDF_MAX_FILE_PIXELS) throw refuse(REFUSALS.pdfImagesTooLarge(millions(PDF_MAX_FILE_PIXELS)));
  const counter = new PictureCounter(context);
  for (const page of document.getPages()) {
    if (counter.page(page.node, pageResources(context, page.node)) > PDF_MAX_PAGE_PIXELS) throw refuse(REFUSALS.pdfPageTooLarge(millions(PDF_MAX_PAGE_PIXELS)));
  }
  if (filePixels + counter.inlinePixels > PDF_MAX_FILE_PIXELS) throw refuse(REFUSALS.pdfImagesTooLarge(millions(PDF_MAX_FILE_PIXELS)));
}

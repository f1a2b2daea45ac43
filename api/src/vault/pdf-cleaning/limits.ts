// What a PDF may hold and take: pixels, decoded bytes, depth, qpdf's time and memory.
import { DOCUMENT_MAX_BYTES } from '@hsa-lli/common/domain';
import { DOCUMENT_MAX_PIXELS } from '../messages.js';

/** The most pixels one picture of a PDF may have, the photos' limit (also pdf.js's `maxImageSize` when pages are drawn). */
export const PDF_MAX_IMAGE_PIXELS = DOCUMENT_MAX_PIXELS;
/**
 * The most pixels the pictures one page draws may have together, its form XObjects, patterns, Type 3 glyphs and
 * annotation appearances included (60 millions): an A4 page scanned at 600 dpi (35 M) with a background layer of the
 * same page at 400 dpi, as mixed-raster scanners make. The watermark decodes each picture of a page at full size.
 */
export const PDF_MAX_PAGE_PIXELS = 60_000_000;
/**
 * The most pixels the pictures of one file may have together (500 millions): the largest page limit of any kind (40)
 * scanned in colour at 300 dpi (40 × 8.7 M), or twelve pages at 600 dpi (12 × 35 M). Beyond it, drawing the pages for the
 * watermark would decode gigabytes of pixels.
 */
export const PDF_MAX_FILE_PIXELS = 500_000_000;
/**
 * The most one object stream may decode to (4 MiB), and all those of a file together (8 MiB). An object stream packs
 * dictionaries, arrays and strings, never page content or pictures: pdf-lib's own 50 objects or Acrobat's 100-odd take
 * some kilobytes, the structure tree of a tagged document of 40 pages a few hundred. pdf-lib holds what it parses at up
 * to 40 times its size (a 4 MiB array of numbers takes 157 Mo of heap, a 4 MiB string half a second), and a file pool
 * thread has 768 Mo: 8 MiB leaves room for the uncompressed objects a 10 Mo upload may hold besides.
 */
export const PDF_MAX_OBJECT_STREAM_BYTES = 4 * 1024 * 1024;
export const PDF_MAX_OBJECT_STREAMS_BYTES = 8 * 1024 * 1024;
/**
 * The most the clean copy may weigh: twice the upload limit (20 Mo). The copy is written without object streams, its
 * names escaped again: an upload within the limit and the object stream caps stays below it, unless made to grow.
 */
export const PDF_MAX_COPY_BYTES = 2 * DOCUMENT_MAX_BYTES;

/** Direct objects nested deeper than this are no document's: a file made to exhaust the stack. */
export const MAX_DEPTH = 200;
/** The most one content stream may decode to, and all the content streams of a file together. */
export const MAX_CONTENT_BYTES = 64 * 1024 * 1024;
export const MAX_FILE_CONTENT_BYTES = 256 * 1024 * 1024;
/** The most a file decrypted by qpdf may weigh (uploads are 10 Mo at most; qpdf keeps their streams as they are). */
export const MAX_DECRYPTED_BYTES = 32 * 1024 * 1024;
/** How long qpdf may take for one run. */
export const QPDF_TIMEOUT_MS = 20_000;
/**
 * qpdf's address space (`ulimit -v`, KiB): 1 GiB. To decrypt a file qpdf inflates each object stream whole, so that an
 * encrypted upload of a megabyte could have it take gigabytes before its time limit; beyond this it fails with
 * « std::bad_alloc ». It takes some 470 Mo for an upload of 200,000 objects, more than pdf-lib could hold after it.
 */
export const QPDF_MEMORY_KIB = 1024 * 1024;
/** Form XObjects, patterns, soft masks and Type 3 glyphs drawn within one another deeper than this: no document's. */
export const MAX_FORM_DEPTH = 64;
/**
 * What following a form XObject or glyph with one set of resources costs, in bytes of the file's content budget
 * (`MAX_FILE_CONTENT_BYTES`), besides its content: so that thousands of resource dictionaries drawing thousands of
 * empty glyphs are held to a limit too (a quarter of a million such drawings).
 */
export const FORM_COST = 1024;

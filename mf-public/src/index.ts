// Entry of the standalone development page only; the shell loads ./routes through the federation.
import('./standalone.js');

// An asynchronous boundary, so that shared modules are negotiated before any of them runs.
import('./bootstrap.js');

/**
 * Reading a `multipart/form-data` upload as a stream (busboy): the `file` part flows to
 * the media service as it arrives, so a 50 MB video never sits in memory. A body that
 * announces more is refused before it is read (413 `FST_ERR_CTP_BODY_TOO_LARGE`); one
 * that does not (chunked) is cut at the limit while streaming, and the upload fails with
 * `MEDIA_INVALID` reason `too_large`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import busboy from 'busboy';
import { MEDIA_LIMITS, ReelayError } from '@reelay/core';
import { announcedUploadTooLarge, uploadTooLarge, type IncomingFile } from './media-intake';

/** Room for part headers and boundaries around a file of the largest accepted size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Parses the request and hands its `file` part to `accept`; resolves with what `accept`
 * resolves. Other parts are read and ignored (within small limits).
 *
 * @example
 * ```ts
 * const record = await receiveMultipartFile(req, res, (file) => media.upload(projectId, file));
 * ```
 */
export function receiveMultipartFile<T>(
  req: IncomingMessage,
  res: ServerResponse,
  accept: (file: IncomingFile) => Promise<T>,
  maxBytes: number = MEDIA_LIMITS.directUploadMaxBytes,
): Promise<T> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
    stopReading(req, res);
    return Promise.reject(announcedUploadTooLarge());
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send a file name's UTF-8 bytes as they are; busboy's default reads latin1.
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 8 * 1024, parts: 21 },
    });
  } catch (error) {
    req.resume();
    return Promise.reject(malformed(error));
  }

  return new Promise<T>((resolve, reject) => {
    let accepted: Promise<T> | null = null;
    /** The stream the service reads, while it may still receive data or an error. */
    let body: PassThrough | null = null;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      stopReading(req, res);
      reject(error);
    };
    /**
     * Ends the upload with an error. While the service reads the file, the error goes
     * through its stream, so the answer waits until the service has cleaned up (its
     * temporary file is gone and nothing was stored).
     */
    const abandon = (error: ReelayError) => {
      if (body && !body.destroyed) body.destroy(error);
      else if (!accepted) fail(error);
    };

    parser.on('file', (name, stream, info) => {
      // busboy destroys a file stream with an error when the form breaks off inside
      // it; the parser's own 'error' reports that, so this listener only keeps the
      // process alive (an 'error' event without a listener throws).
      stream.on('error', (error) => abandon(malformed(error)));
      if (name !== 'file' || accepted) {
        stream.resume();
        return;
      }
      const passThrough = new PassThrough();
      body = passThrough;
      // The service attaches its listeners only after an await (it opens a temporary
      // file first); an error before that must not be an unhandled 'error' event. The
      // service still sees it: a pipeline over a destroyed stream rejects with it.
      passThrough.on('error', () => {});
      stream.on('limit', () => abandon(uploadTooLarge()));
      // The file is complete only when the whole form is: the end of the part does not
      // end `body`; the parser's 'finish' does, so a form that breaks off after the file
      // part fails the upload instead of storing the file.
      stream.pipe(passThrough, { end: false });
      accepted = accept({ stream: passThrough, filename: info.filename, mimeType: info.mimeType });
      accepted.then((value) => {
        if (settled) return;
        settled = true;
        resolve(value);
      }, fail);
    });
    parser.on('error', (error) => abandon(malformed(error)));
    parser.on('finish', () => {
      if (body) {
        if (!body.destroyed) body.end();
        return;
      }
      fail(
        new ReelayError('VALIDATION_ERROR', {
          message: "Campo 'file' ausente: envie o arquivo no campo file do formulário multipart.",
          details: { field: 'file' },
        }),
      );
    });
    // A client that goes away leaves the parser waiting for data forever; the upload is
    // failed so the service removes its temporary file.
    const interrupted = () => abandon(malformed(new Error('envio interrompido')));
    if (req.destroyed && !req.complete) return interrupted();
    req.on('close', () => {
      if (!req.complete) interrupted();
    });
    req.pipe(parser);
  });
}

function malformed(cause: unknown): ReelayError {
  return new ReelayError('VALIDATION_ERROR', {
    message: 'Corpo multipart/form-data malformado.',
    details: { field: 'file' },
    cause,
  });
}

/**
 * Stops parsing a request that failed before its end. What is still on the way is
 * discarded, and the connection closes after the answer instead of carrying a body
 * that may be gigabytes long.
 */
function stopReading(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  req.unpipe();
  req.resume();
  if (!res.headersSent) res.setHeader('connection', 'close');
}

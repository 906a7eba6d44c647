/**
 * Reading a `multipart/form-data` upload as a stream (busboy): the `file` part flows to
 * the media service as it arrives, so a 50 MB video never sits in memory. The 50 MB
 * limit is enforced while streaming: the part is cut at the limit and the upload fails
 * with `MEDIA_INVALID` reason `too_large`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import busboy from 'busboy';
import { MEDIA_LIMITS, ReelayError } from '@reelay/core';
import { uploadTooLarge, type IncomingFile } from './media-service';

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
    return Promise.reject(uploadTooLarge());
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: maxBytes, fields: 20, fieldSize: 8 * 1024, parts: 21 },
    });
  } catch (error) {
    req.resume();
    return Promise.reject(malformed(error));
  }

  return new Promise<T>((resolve, reject) => {
    let accepted: Promise<T> | null = null;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      stopReading(req, res);
      reject(error);
    };

    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || accepted) {
        stream.resume();
        return;
      }
      // The service reads `body`; busboy's own stream stays drained even when the
      // service stops reading, so the parser never stalls.
      const body = new PassThrough();
      stream.on('limit', () => body.destroy(uploadTooLarge()));
      stream.on('error', (error) => body.destroy(error));
      stream.pipe(body);
      accepted = accept({ stream: body, filename: info.filename, mimeType: info.mimeType });
      accepted.then((value) => {
        if (settled) return;
        settled = true;
        resolve(value);
      }, fail);
    });
    parser.on('error', (error) => fail(malformed(error)));
    parser.on('close', () => {
      if (!accepted) {
        fail(
          new ReelayError('VALIDATION_ERROR', {
            message: "Campo 'file' ausente: envie o arquivo no campo file do formulário multipart.",
            details: { field: 'file' },
          }),
        );
      }
    });
    req.on('aborted', () => fail(malformed(new Error('envio interrompido'))));
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

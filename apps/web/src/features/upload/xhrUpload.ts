import { ApiError } from '@tt/api-client';
import {
  ERRORS,
  serviceBase,
  songEndpoints,
  statusText,
  type ErrorCode,
  type SongDto,
} from '@tt/protocol';
import { currentToken } from '../../lib/session';

export interface UploadProgress {
  sent: number;
  total: number;
}

export interface SongUpload {
  /** The uploaded song, or an ApiError (the API's error body) / UploadCancelled. */
  done: Promise<SongDto>;
  cancel: () => void;
}

export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/** Where songs go up (POST /upload/song on the song service). */
export const UPLOAD_URL = serviceBase('song') + songEndpoints.upload.path;

/**
 * Sends one audio file (multipart: file, optional trackName and artistName) with XMLHttpRequest,
 * whose upload events give the bytes sent (fetch has no upload progress). A failure answers the
 * same ApiError the API client raises, so the same error text shows.
 */
export function uploadSong(
  file: File,
  fields: { trackName?: string; artistName?: string },
  onProgress: (p: UploadProgress) => void,
): SongUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<SongDto>((resolve, reject) => {
    const form = new FormData();
    if (fields.trackName) form.append('trackName', fields.trackName);
    if (fields.artistName) form.append('artistName', fields.artistName);
    form.append('file', file, file.name);

    xhr.open(songEndpoints.upload.method, UPLOAD_URL);
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    const token = currentToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (e) => {
      onProgress({ sent: e.loaded, total: e.lengthComputable ? e.total : file.size });
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON (a proxy's page): kept as text.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as SongDto);
      else {
        reject(
          new ApiError(UPLOAD_URL, xhr.status, xhr.statusText || statusText(xhr.status), body),
        );
      }
    };
    // A dropped connection: no status to show, so the generic error text.
    xhr.onerror = () => reject(new ApiError(UPLOAD_URL, 0, 'Network Error', null));
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}

/**
 * The error the server would answer, for a check the page makes first (e.g. a file that is not
 * audio): shown with the same error text, translated like the server's.
 */
export function catalogueError(code: ErrorCode): ApiError {
  const { status, message } = ERRORS[code];
  return new ApiError(UPLOAD_URL, status, statusText(status), { code, message });
}

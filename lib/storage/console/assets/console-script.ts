/**
 * The console's only script: uploads with per-file progress, from the file picker or dropped files. Served as a file
 * (GET /v1/console/console.js) and allowed by the page's CSP nonce; it writes names with textContent only (a file
 * name is data, never markup). Small files: one presigned PUT. Larger: CreateMultipartUpload (server side), then
 * each part PUT to its presigned URL, then CompleteMultipartUpload; a failure aborts the upload.
 */
export const CONSOLE_SCRIPT = String.raw`(() => {
  'use strict';
  const panel = document.querySelector('[data-upload]');
  if (!panel) return;
  const endpoint = panel.getAttribute('data-endpoint');
  const prefix = panel.getAttribute('data-prefix') || '';
  const csrf = panel.querySelector('input[name=_csrf]').value;
  const picker = panel.querySelector('input[type=file]');
  const drop = panel.querySelector('.drop');
  const list = panel.querySelector('.progress');

  async function api(body) {
    const response = await fetch(endpoint, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error.code + ': ' + answer.error.message);
    return answer;
  }

  function send(method, url, body, onProgress) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () => {
        if (xhr.status < 300) return resolve(xhr);
        const code = (xhr.responseText.match(/<Code>([^<]*)<\/Code>/) || [])[1] || 'HTTP ' + xhr.status;
        const message = (xhr.responseText.match(/<Message>([^<]*)<\/Message>/) || [])[1] || '';
        reject(new Error(code + (message ? ': ' + message : '')));
      };
      xhr.onerror = () => reject(new Error('network error'));
      xhr.send(body);
    });
  }

  function row(file) {
    const item = document.createElement('li');
    const name = document.createElement('span');
    name.textContent = prefix + file.name;
    const bar = document.createElement('progress');
    bar.max = Math.max(file.size, 1);
    bar.value = 0;
    const state = document.createElement('span');
    state.className = 'state';
    state.textContent = 'waiting';
    item.append(name, bar, state);
    list.append(item);
    return {
      progress(bytes) { bar.value = bytes; state.textContent = Math.floor((100 * bytes) / bar.max) + '%'; },
      done(text) { bar.value = bar.max; state.textContent = text; item.dataset.state = 'done'; },
      failed(text) { state.textContent = 'failed: ' + text; item.dataset.state = 'failed'; },
    };
  }

  async function upload(file, view) {
    const key = prefix + file.name;
    const start = await api({ op: 'start', key, size: file.size, contentType: file.type });
    if (start.kind === 'single') {
      await send('PUT', start.url, file, (loaded) => view.progress(loaded));
      return;
    }
    const etags = [];
    try {
      for (let part = 1; part <= start.parts; part++) {
        const from = (part - 1) * start.partBytes;
        const { url } = await api({ op: 'part', key, uploadId: start.uploadId, partNumber: part });
        const xhr = await send('PUT', url, file.slice(from, from + start.partBytes), (loaded) => view.progress(from + loaded));
        etags.push(xhr.getResponseHeader('ETag'));
      }
      const xml = '<CompleteMultipartUpload>' +
        etags.map((etag, index) => '<Part><PartNumber>' + (index + 1) + '</PartNumber><ETag>' + etag + '</ETag></Part>').join('') +
        '</CompleteMultipartUpload>';
      const done = await send('POST', start.completeUrl, xml);
      if (/<Error>/.test(done.responseText)) throw new Error((done.responseText.match(/<Code>([^<]*)<\/Code>/) || [])[1]);
    } catch (error) {
      await send('DELETE', start.abortUrl, null).catch(() => undefined);
      throw error;
    }
  }

  async function uploadAll(files) {
    const queue = Array.from(files).map((file) => ({ file, view: row(file) }));
    let failures = 0;
    for (const { file, view } of queue) {
      try {
        await upload(file, view);
        view.done('uploaded');
      } catch (error) {
        failures++;
        view.failed(error.message);
      }
    }
    panel.dataset.finished = String(queue.length - failures) + '/' + String(queue.length);
    if (failures === 0) location.reload();
  }

  picker.addEventListener('change', () => uploadAll(picker.files));
  drop.addEventListener('dragover', (event) => { event.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    uploadAll(event.dataTransfer.files);
  });
})();
`;

import { randomBytes } from 'node:crypto';
import {
  type ApiBody,
  blocksError,
  fail,
  firstMissing,
  missing,
  resolveChannel,
  str,
} from './api-support.ts';
import { storeMessage, withBlockIds } from './methods-chat.ts';
import { asRecord } from './reference.ts';
import type { SimContext } from './state.ts';
import type { Args, SimFile, SimMessage } from './types.ts';

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
};
// The image types Slack accepts in image blocks (files-upload-v2.json).
const IMAGE_TYPES = new Set(['png', 'jpg', 'jpeg', 'gif']);
const ALT_TEXT_MAX = 1000; // files.getUploadURLExternal error alt_txt_too_large

export function fileObject(ctx: SimContext, file: SimFile): Args {
  const privateUrl = `${ctx.baseUrl}/files-pri/${ctx.opts.teamId}/${file.id}/${file.filename}`;
  return {
    id: file.id,
    created: file.created,
    timestamp: file.created,
    name: file.filename,
    title: file.title,
    mimetype: file.mimetype,
    filetype: file.filetype,
    pretty_type: file.filetype.toUpperCase(),
    user: ctx.opts.botUserId,
    size: file.bytes?.length ?? 0,
    mode: 'hosted',
    is_external: false,
    is_public: file.channel !== undefined,
    url_private: privateUrl,
    url_private_download: `${privateUrl}?download=1`,
    permalink: `https://opsbot-sim.slack.com/files/${ctx.opts.botUserId}/${file.id}/${file.filename}`,
    channels: file.channel ? [file.channel] : [],
    groups: [],
    ims: [],
    ...(file.alt_text === undefined ? {} : { alt_txt: file.alt_text }),
  };
}

function getUploadUrl(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['filename', 'length']);
  if (absent) return absent;
  const length = Number(str(args.length));
  if (!Number.isInteger(length) || length < 1) return fail('missing_argument');
  // The SDK sends alt_text while the docs name it alt_txt; Slack accepts both.
  const altText = str(args.alt_text) ?? str(args.alt_txt);
  if (altText !== undefined && altText.length > ALT_TEXT_MAX) return fail('alt_txt_too_large');
  const filename = str(args.filename) ?? '';
  const filetype = (/\.([a-z0-9]+)$/i.exec(filename)?.[1] ?? 'binary').toLowerCase();
  const file: SimFile = {
    id: ctx.nextId('F'),
    filename,
    title: filename,
    declaredLength: length,
    completed: false,
    mimetype: MIME[filetype] ?? 'application/octet-stream',
    filetype,
    isImage: IMAGE_TYPES.has(filetype),
    created: Math.floor(ctx.now() / 1000),
    ...(altText === undefined ? {} : { alt_text: altText }),
  };
  const token = randomBytes(12).toString('hex');
  ctx.state.files.set(file.id, file);
  ctx.state.uploads.set(token, file.id);
  return { ok: true, upload_url: `${ctx.baseUrl}/upload/v1/${token}`, file_id: file.id };
}

/** The upload URL: accepts the SDK's multipart body (one part named "body") or raw bytes. */
export async function receiveUpload(
  ctx: SimContext,
  token: string,
  body: Buffer,
  contentType: string,
): Promise<{ status: number; text: string; fileId?: string }> {
  const fileId = ctx.state.uploads.get(token);
  const file = fileId ? ctx.state.files.get(fileId) : undefined;
  if (!file || file.completed) return { status: 404, text: 'file_not_found' };
  let bytes = body;
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
    const part = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!part) return { status: 400, text: 'no file part in multipart body' };
    bytes = Buffer.from(await part.arrayBuffer());
  }
  file.bytes = bytes;
  return { status: 200, text: `OK - ${bytes.length}`, fileId: file.id };
}

function completeUpload(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['files']);
  if (absent) return absent;
  if (!Array.isArray(args.files) || args.files.length === 0) return missing('files');
  const entries = args.files.map((f) => asRecord(f) ?? {});
  const files = entries.map((e) => ctx.state.files.get(str(e.id) ?? ''));
  if (files.some((f) => !f?.bytes || f.completed)) return fail('file_not_found');
  const channelArg = str(args.channel_id) ?? str(args.channels)?.split(',')[0];
  const target = channelArg ? resolveChannel(ctx, channelArg) : undefined;
  if (target && 'error' in target) return target.error;
  const comment = str(args.initial_comment);
  // Slack ignores blocks when initial_comment is given.
  const blocks = comment === undefined ? args.blocks : undefined;
  const invalid = blocks === undefined ? undefined : blocksError(ctx, 'message', blocks);
  if (invalid) return invalid;
  const threadTs = str(args.thread_ts);
  const done = files.filter((f): f is SimFile => f !== undefined);
  done.forEach((file, i) => {
    file.title = str(entries[i]?.title) ?? file.filename;
    file.completed = true;
    if (target) file.channel = target.id;
    if (threadTs) file.threadTs = threadTs;
    if (comment !== undefined) file.initialComment = comment;
  });
  if (target) shareFiles(ctx, target.id, done, { comment, blocks, threadTs });
  return { ok: true, files: done.map((f) => fileObject(ctx, f)) };
}

function shareFiles(
  ctx: SimContext,
  channel: string,
  files: SimFile[],
  extra: { comment: string | undefined; blocks: unknown; threadTs: string | undefined },
): void {
  const message: SimMessage = {
    type: 'message',
    channel,
    ts: ctx.nextTs(),
    text: extra.comment ?? '',
    user: ctx.opts.botUserId,
    bot_id: ctx.opts.botId,
    files: files.map((f) => fileObject(ctx, f)),
    upload: true,
    via: 'files.completeUploadExternal',
  };
  const blocks = withBlockIds(ctx, extra.blocks);
  if (blocks) message.blocks = blocks;
  if (extra.threadTs) message.thread_ts = extra.threadTs;
  storeMessage(ctx, message);
}

function filesInfo(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['file']);
  if (absent) return absent;
  const file = ctx.state.files.get(str(args.file) ?? '');
  if (!file?.completed) return fail('file_not_found');
  return { ok: true, file: fileObject(ctx, file), comments: [], response_metadata: { next_cursor: '' } };
}

export const fileMethods = {
  'files.getUploadURLExternal': getUploadUrl,
  'files.completeUploadExternal': completeUpload,
  'files.info': filesInfo,
} as const;

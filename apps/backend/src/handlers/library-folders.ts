import { eq, sql } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import { type HandlerContext, handWritten } from '../contract.js';
import { rowsOf } from '../db/rows.js';
import { folders } from '../db/schema.js';
import { storedZipAttachment } from '../exports/responses.js';
import { assertNoViolations, notFound, unprocessable, type Violation } from '../http/errors.js';
import { messages } from '../http/messages.js';
import { libraryTypeOf, requireLibrary } from '../library/access.js';
import {
  bodyOf,
  checkPerson,
  editValues,
  folderById,
  nameOf,
  parentOf,
  pathEntry,
  type Folder,
} from '../library/writes.js';
import { rowsByIds } from '../resources/collection.js';
import { foldersResource } from '../resources/folders.js';
import { itemHandler, listHandler } from '../resources/handlers.js';
import type { Deps, HandlerMap } from '../deps.js';

/** The ids of `folderId` and every folder below it. */
const SUBTREE = (folderId: number) => sql`with recursive subtree(id) as (
    select id from folders where id = ${folderId}
    union all
    select f.id from folders f join subtree s on f.parent_folder_id = s.id)`;

/**
 * The folders of the libraries: read through the resource layer; created, renamed, moved
 * (one move of a library at a time, never under itself), deleted with what they hold, and
 * downloaded as a zip by hand.
 */
export function libraryFolderHandlers({ db, storage }: Deps): HandlerMap {
  /** The folder as `GET /folders/{id}` shows it, after a write the caller's right allowed. */
  const answer = async (context: HandlerContext<Principal>, id: number) => {
    const request = { db, principal: principalOf(context), query: context.query };
    const [row] = await rowsByIds(foldersResource, request, [id]);
    return foldersResource.serialize(row!);
  };

  const folderOf = (context: HandlerContext<Principal>, mode: 'view' | 'edit') =>
    pathEntry(db, context, folderById, mode);

  const createFolder = handWritten<Principal>(
    "the library right depends on the body's type; the parent in the same library; person only the caller",
    async (context) => {
      const body = bodyOf(context);
      const type = libraryTypeOf(body.type);
      const principal = principalOf(context);
      await requireLibrary(db, principal, type, 'edit');
      const violations: Violation[] = [];
      const name = nameOf(body.name, 'name', violations);
      const parent = await parentOf(db, body.parentFolder, type, 'parentFolder', violations);
      checkPerson(body.person, principal, violations);
      assertNoViolations(violations);
      const [row] = await db
        .insert(folders)
        .values({
          name: name!,
          type,
          parentFolderId: parent?.id ?? null,
          personId: principal.user.id,
        })
        .returning({ id: folders.id });
      return { status: 201, body: await answer(context, row!.id) };
    },
  );

  const editFolder = handWritten<Principal>(
    "a move locked per library that refuses cycles; the spec's rename and move in the query",
    async (context) => {
      const folder = await folderOf(context, 'edit');
      const { id } = folder;
      const body = editValues(context, 'name', 'parentFolder');
      const violations: Violation[] = [];
      const values: Partial<Folder> = {};
      if ('name' in body) {
        const name = nameOf(body.name, 'name', violations);
        if (name) values.name = name;
      }
      let parent: Folder | null | undefined;
      if ('parentFolder' in body) {
        parent = await parentOf(db, body.parentFolder, folder.type, 'parentFolder', violations);
      }
      assertNoViolations(violations);
      const moved = await db.transaction(async (tx) => {
        if (parent !== undefined) {
          // One move of a library at a time: two crossed moves (A under B, B under A) would each
          // pass the check alone and make a cycle together.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`folders:${folder.type}`}))`,
          );
          if (parent !== null) {
            const [inside] = rowsOf<{ inside: boolean }>(
              await tx.execute(
                sql`${SUBTREE(id)} select exists (select 1 from subtree where id = ${parent.id}) as inside`,
              ),
            );
            if (inside?.inside) return 'cycle' as const;
          }
          values.parentFolderId = parent?.id ?? null;
        }
        if (Object.keys(values).length > 0)
          await tx.update(folders).set(values).where(eq(folders.id, id));
        return 'done' as const;
      });
      if (moved === 'cycle')
        throw unprocessable([{ propertyPath: 'parentFolder', message: messages.folderOwnParent }]);
      return { status: 200, body: await answer(context, id) };
    },
  );

  const deleteFolder = handWritten<Principal>(
    "deletes the subtree's stored files with its rows",
    async (context) => {
      const { id } = await folderOf(context, 'edit');
      const paths = await db.transaction(async (tx) => {
        const files = rowsOf<{ file_path: string }>(
          await tx.execute(
            sql`${SUBTREE(id)} select file_path from media_objects where folder_id in (select id from subtree)`,
          ),
        );
        // The folders below and their files go with it (foreign keys on delete cascade).
        await tx.delete(folders).where(eq(folders.id, id));
        return files.map((file) => file.file_path);
      });
      for (const path of paths) await storage.delete(path).catch(() => undefined);
      return { status: 204 };
    },
  );

  const downloadFolder = handWritten<Principal>(
    "a streamed zip of the folder's stored files",
    async (context) => {
      const folder = await folderOf(context, 'view');
      // Names only: the bytes are read one file at a time while the zip streams.
      const rows = rowsOf<{ path: string; display_name: string; file_path: string }>(
        await db.execute(sql`with recursive tree(id, path) as (
          select id, name::text from folders where id = ${folder.id}
          union all
          select f.id, tree.path || '/' || f.name from folders f join tree on f.parent_folder_id = tree.id)
        select tree.path, m.display_name, m.file_path from tree
        join media_objects m on m.folder_id = tree.id
        order by tree.path, m.display_name, m.id`),
      );
      // As an invoices period without invoices: no empty archive.
      if (rows.length === 0) throw notFound(messages.emptyFolder);
      return storedZipAttachment(
        context,
        storage,
        `${folder.name}.zip`,
        rows.map((row) => ({ key: row.file_path, name: `${row.path}/${row.display_name}` })),
      );
    },
  );

  return {
    listFolders: listHandler(db, foldersResource),
    getFolder: itemHandler(db, foldersResource),
    createFolder,
    editFolder,
    deleteFolder,
    downloadFolder,
  };
}

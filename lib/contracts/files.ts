import { z } from "zod";

/** One file of a thread, as GET /api/files/{threadId} lists it. */
export const FileEntrySchema = z.object({
  /** Virtual path, e.g. /mnt/user-data/outputs/notes.md. */
  path: z.string(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  /** ISO 8601 modification time. */
  modified: z.string(),
});
export type FileEntry = z.infer<typeof FileEntrySchema>;

/** GET /api/files/{threadId}. */
export const FilesListingSchema = z.object({
  /** What the agent presented with present_files, in order, that still exists. */
  artifacts: z.array(FileEntrySchema),
  outputs: z.array(FileEntrySchema),
  uploads: z.array(FileEntrySchema),
});
export type FilesListing = z.infer<typeof FilesListingSchema>;

export const EMPTY_LISTING: FilesListing = { artifacts: [], outputs: [], uploads: [] };

/** One saved upload: its virtual path and the name it was saved under (never overwriting). */
export const UploadedFileSchema = FileEntrySchema.omit({ modified: true });
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** POST /api/files/{threadId}/uploads. */
export const UploadResponseSchema = z.object({ files: z.array(UploadedFileSchema) });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

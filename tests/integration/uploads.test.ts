import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { IMAGE_TYPES, DOCUMENT_TYPES } from "~/server/files/sniff.server";
import { storeUploads, UploadRejected, type UploadRule } from "~/models/uploads.server";

const documents: UploadRule = { kind: "conference_file", types: DOCUMENT_TYPES, maxFiles: 10, maxBytes: 1024 * 1024, label: "files" };
const photos: UploadRule = { kind: "conference_photo", types: IMAGE_TYPES, maxFiles: 30, maxBytes: 1024 * 1024, label: "photos" };
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const pdf = (name: string, extra = "") => new File([`%PDF-1.7\n${extra}`], name, { type: "application/pdf" });

async function objectCount() {
  return (await env.FILES.list()).objects.length;
}

describe("storing uploads", () => {
  it("stores checked files under generated keys, with type, size, hash and image dimensions", async () => {
    const before = await objectCount();
    const { rows } = await storeUploads({ files: env.FILES }, [pdf("Call for Papers.pdf")], documents, 1);
    expect(rows[0]).toMatchObject({ kind: "conference_file", originalName: "Call for Papers.pdf", contentType: "application/pdf", size: 9, uploadedBy: 1 });
    expect(rows[0]!.filename).toMatch(/^[a-z2-7]{26}\.pdf$/);
    expect(rows[0]!.r2Key).toBe(`conference/file/${rows[0]!.filename}`);
    expect((await env.FILES.get(rows[0]!.r2Key))?.httpMetadata?.contentType).toBe("application/pdf");
    const image = await storeUploads({ files: env.FILES }, [new File([PNG], "group.PNG")], photos, 1);
    expect(image.rows[0]).toMatchObject({ contentType: "image/png", width: 1, height: 1 });
    expect(await objectCount()).toBe(before + 2);
  });

  it("refuses a file whose content is not what its name says, and stores none of the batch", async () => {
    const before = await objectCount();
    const disguised = new File(["<script>alert(1)</script>"], "programme.pdf");
    await expect(storeUploads({ files: env.FILES }, [pdf("ok.pdf"), disguised], documents, 1)).rejects.toThrow(/is not really a \.pdf file/);
    await expect(storeUploads({ files: env.FILES }, [new File(["MZ"], "tool.exe")], documents, 1)).rejects.toThrow(/not one of the allowed types/);
    await expect(storeUploads({ files: env.FILES }, [pdf("big.pdf", "x".repeat(1024 * 1024))], documents, 1)).rejects.toThrow(/larger than 1 MB/);
    expect(await objectCount()).toBe(before);
  });

  it("refuses 11 files or 31 photos at once", async () => {
    await expect(storeUploads({ files: env.FILES }, Array.from({ length: 11 }, (_, i) => pdf(`f${i}.pdf`)), documents, 1)).rejects.toBeInstanceOf(UploadRejected);
    await expect(storeUploads({ files: env.FILES }, Array.from({ length: 31 }, (_, i) => new File([PNG], `p${i}.png`)), photos, 1)).rejects.toThrow(/At most 30 photos/);
  });

  it("discards what it wrote when the caller's save fails", async () => {
    const before = await objectCount();
    const { rows, discard } = await storeUploads({ files: env.FILES }, [pdf("a.pdf"), pdf("b.pdf")], documents, 1);
    expect(await objectCount()).toBe(before + 2);
    await discard();
    expect(await objectCount()).toBe(before);
    expect(await env.FILES.head(rows[0]!.r2Key)).toBeNull();
  });
});

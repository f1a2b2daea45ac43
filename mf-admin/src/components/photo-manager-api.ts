import type { ImageOwner } from '@hsa-lli/common/back-office';
import type { ImageView } from '@hsa-lli/common/domain';
import { api } from '@hsa-lli/common/store';

/** Whose pictures: a residence's photos, a good's photos or plans. */
export interface ImagesOf {
  owner: ImageOwner;
  ownerId: number;
  kind: ImageView['kind'];
}

/** Sending twenty large pictures over a slow line takes longer than a form's 30 seconds. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

const target = ({ owner, ownerId, kind }: ImagesOf) => ({ owner, owner_id: ownerId, kind });

/**
 * The calls on photos and plans. Each answers the pictures as they now are; the `Images` tag they invalidate is for
 * the queries that show pictures (a residence's or a good's page).
 */
export const photoManagerApi = api.enhanceEndpoints({ addTagTypes: ['Images'] }).injectEndpoints({
  endpoints: (build) => ({
    uploadImages: build.mutation<ImageView[], ImagesOf & { files: readonly File[]; onProgress: (ratio: number) => void }>({
      query: ({ files, onProgress, ...of }) => {
        const body = new FormData();
        for (const [field, value] of Object.entries(target(of))) body.append(field, String(value));
        for (const file of files) body.append('files', file, file.name);
        return { method: 'post', path: '/images/upload', body, action: true, onUploadProgress: onProgress, timeout: UPLOAD_TIMEOUT_MS };
      },
      transformResponse: ({ data }: { data: ImageView[] }) => data,
      invalidatesTags: ['Images'],
    }),
    updateImageAlt: build.mutation<ImageView, { id: number; alt: string }>({
      query: (body) => ({ method: 'post', path: '/images/update', body, action: true }),
      transformResponse: ({ image }: { image: ImageView }) => image,
      invalidatesTags: ['Images'],
    }),
    reorderImages: build.mutation<ImageView[], ImagesOf & { ids: number[] }>({
      // A move shows at once: the call is not held back to look slower.
      query: ({ ids, ...of }) => ({ method: 'post', path: '/images/reorder', body: { ...target(of), ids }, action: true, minDuration: 0 }),
      transformResponse: ({ data }: { data: ImageView[] }) => data,
      invalidatesTags: ['Images'],
    }),
    deleteImage: build.mutation<ImageView[], { id: number }>({
      query: (body) => ({ method: 'post', path: '/images/delete', body, action: true }),
      transformResponse: ({ data }: { data: ImageView[] }) => data,
      invalidatesTags: ['Images'],
    }),
  }),
});

export const { useUploadImagesMutation, useUpdateImageAltMutation, useReorderImagesMutation, useDeleteImageMutation } = photoManagerApi;

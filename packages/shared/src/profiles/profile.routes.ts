// A person's profile (issue 22 §4): name, mobile and e-mail, and the picture.
import { defineRoute } from '../common/route.ts';
import { avatarResponse, updateProfileInput, updateProfileResponse } from './profile.schemas.ts';

export const profileRoutes = {
  update: defineRoute({
    method: 'PATCH',
    path: '/api/me/profile',
    body: updateProfileInput,
    response: { 200: updateProfileResponse },
    tags: ['account'],
    summary: 'Update name, last name, mobile; a new e-mail is confirmed by a link first',
  }),
  /** A multipart upload (field "file"): the browser sends it with `upload()`, which reports progress. */
  avatar: defineRoute({
    method: 'POST',
    path: '/api/me/avatar',
    response: { 200: avatarResponse },
    tags: ['account'],
    summary: 'Upload a profile picture (multipart field "file"; JPG, PNG or GIF, max 5MB)',
  }),
} as const;

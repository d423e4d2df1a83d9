import { useMutation } from '@tanstack/react-query';
import {
  imagesEndpoints,
  profileEndpoints,
  type EndpointInput,
  type ImageKind,
} from '@tt/protocol';
import { storeOwnProfile } from '../../entities/user/queries';
import { api } from '../../lib/api';

type ProfileFields = EndpointInput<typeof profileEndpoints.updateProfile>['body'];
type Socials = EndpointInput<typeof profileEndpoints.userSocials>['body'];

/** Saves the profile, then its socials; the answer becomes my cached profile. */
export function useSaveProfileMutation() {
  return useMutation({
    mutationFn: async ({ fields, socials }: { fields: ProfileFields; socials: Socials }) => {
      await api.call(profileEndpoints.updateProfile, { body: fields });
      return api.call(profileEndpoints.userSocials, { body: socials });
    },
    onSuccess: storeOwnProfile,
  });
}

/** Uploads a picture of the profile (POST /users/images, multipart kind + file). */
export function useImageUploadMutation(kind: ImageKind) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file);
      return api.call(imagesEndpoints.upload, { body: form });
    },
  });
}

import type { Me } from '@app/shared/auth/auth.schemas';
import { AVATAR_MIME_TYPES } from '@app/shared/constants';
import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { ResendVerificationButton } from '@/features/auth/components/resend-verification-button';
import { fullName } from '@/lib/format';
import { useTranslation } from '@/lib/use-translation';
import { useUploadAvatar } from '../api/settings-api';

export function AvatarUploader({ user }: { user: Me }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  // The hook patches the cached session and toasts, also if this screen is left mid-upload.
  const uploadAvatar = useUploadAvatar();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    // The size limit is the server's to enforce (413); the hint tells people about it up front.
    uploadAvatar.mutate(file, {
      onSettled: () => {
        // The same file can be chosen again after a failure.
        if (inputRef.current) inputRef.current.value = '';
      },
    });
  };

  return (
    <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
      <Avatar src={user.avatarUrl} name={user.name} lastname={user.lastname} size="xl" />
      <div className="grid w-full min-w-0 gap-2">
        <div>
          <p className="text-lg font-semibold">{fullName(user.name, user.lastname)}</p>
          <div className="mt-1 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            <span className="truncate text-sm text-muted-foreground">{user.email}</span>
            <Badge variant={user.emailVerified ? 'success' : 'warning'}>
              {user.emailVerified ? t('settings.profile.verified') : t('settings.profile.notVerified')}
            </Badge>
          </div>
          {!user.emailVerified && (
            <div className="mt-2 grid justify-items-center gap-2 sm:justify-items-start">
              {user.role === 'influencer' && (
                <p className="text-xs text-muted-foreground">{t('settings.profile.confirmToBeHired')}</p>
              )}
              <ResendVerificationButton email={user.email} />
            </div>
          )}
        </div>
        <div className="flex flex-col items-center gap-2 sm:flex-row">
          <Button
            variant="outline"
            size="sm"
            onClick={() => inputRef.current?.click()}
            loading={uploadAvatar.isPending}
            aria-describedby="avatar-hint"
          >
            {!uploadAvatar.isPending && <Camera aria-hidden="true" />}
            {t('settings.profile.avatar.change')}
          </Button>
          <span id="avatar-hint" className="text-xs text-muted-foreground">
            {t('settings.profile.avatar.hint')}
          </span>
        </div>
        <input
          ref={inputRef}
          type="file"
          accept={AVATAR_MIME_TYPES.join(',')}
          className="hidden"
          aria-label={t('settings.profile.avatar.change')}
          data-testid="avatar-input"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        {uploadAvatar.isPending && (
          <Progress value={uploadAvatar.progress * 100} label={t('settings.profile.avatar.uploading')} />
        )}
      </div>
    </div>
  );
}

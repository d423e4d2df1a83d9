import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../entities/room/hooks';

/** "Message": opens the direct conversation with a person (signed-in users, not oneself). */
export function MessageButton({
  uuid,
  className = 'btn btn-ghost btn-sm',
}: {
  uuid: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isGuest || !me.uuid || me.uuid === uuid) return null;
  return (
    <Link to={`/messages/${uuid}`} className={className} data-testid="message-button">
      {t('messages.message')}
    </Link>
  );
}

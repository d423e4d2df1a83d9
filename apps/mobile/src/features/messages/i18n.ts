import { i18n } from '../../i18n';

/** Direct messages, in English and Spanish. */
const en = {
  title: 'Messages',
  friends: 'Friends',
  others: 'Others',
  unread_one: '{{count}} unread',
  unread_other: '{{count}} unread',
  emptyFriends: 'No messages from friends yet. Message someone from a room’s people list.',
  emptyOthers: 'No messages from other people.',
  signIn: 'Sign in to read and send messages.',
  error: 'Could not load your messages.',
  retry: 'Try again',
  loading: 'Loading…',
  noText: 'Attachment',
  conversation: 'Conversation',
  emptyThread: 'Say hi! Messages you send appear here.',
  placeholder: 'Write a message',
  send: 'Send',
  sendFailed: 'Your message was not sent. Try again.',
  you: 'You',
};

const es: typeof en = {
  title: 'Mensajes',
  friends: 'Amigos',
  others: 'Otros',
  unread_one: '{{count}} sin leer',
  unread_other: '{{count}} sin leer',
  emptyFriends:
    'Aún no tienes mensajes de amigos. Escribe a alguien desde la lista de personas de una sala.',
  emptyOthers: 'No tienes mensajes de otras personas.',
  signIn: 'Inicia sesión para leer y enviar mensajes.',
  error: 'No se pudieron cargar tus mensajes.',
  retry: 'Reintentar',
  loading: 'Cargando…',
  noText: 'Adjunto',
  conversation: 'Conversación',
  emptyThread: '¡Saluda! Los mensajes que envíes aparecerán aquí.',
  placeholder: 'Escribe un mensaje',
  send: 'Enviar',
  sendFailed: 'Tu mensaje no se envió. Inténtalo de nuevo.',
  you: 'Tú',
};

i18n.addResourceBundle('en', 'translation', { messages: en }, true, true);
i18n.addResourceBundle('es', 'translation', { messages: es }, true, true);

import { i18n } from '../../i18n';

/** The room's chat and the room screen's sections, in English and Spanish. */
const en = {
  title: 'Chat',
  tabs: { room: 'Room', chat: 'Chat', people: 'People', unread: '{{count}} new' },
  placeholder: 'Say something to the room…',
  send: 'Send',
  empty: 'No messages yet. Say hi to the room!',
  loading: 'Loading the chat…',
  loadFailed: 'Could not load the chat.',
  retryLoad: 'Try again',
  off: 'This room has no chat.',
  signIn: 'Sign in to chat',
  guestHint: 'Guests can read the chat. Sign in to write, mention people and react.',
  muted: 'You are muted in this room for now.',
  cannotWrite: 'You cannot write in this room’s chat.',
  sending: 'Sending…',
  notSent: 'Not sent.',
  retry: 'Retry',
  deleted: 'Message deleted',
  media: 'Sent a GIF or a picture',
  react: 'React to the message from {{name}}',
  reactionCount_one: '{{reaction}}: {{count}} reaction',
  reactionCount_other: '{{reaction}}: {{count}} reactions',
  mentionsYou: 'Mentions you',
  mention: 'Mention {{name}}',
  tooLong: 'At most {{max}} characters.',
  offline: 'Reconnecting to the chat…',
  error: 'Something went wrong, please try again.',
};

const es: typeof en = {
  title: 'Chat',
  tabs: { room: 'Sala', chat: 'Chat', people: 'Gente', unread: '{{count}} nuevos' },
  placeholder: 'Di algo a la sala…',
  send: 'Enviar',
  empty: 'Aún no hay mensajes. ¡Saluda a la sala!',
  loading: 'Cargando el chat…',
  loadFailed: 'No se pudo cargar el chat.',
  retryLoad: 'Reintentar',
  off: 'Esta sala no tiene chat.',
  signIn: 'Inicia sesión para chatear',
  guestHint:
    'Los invitados pueden leer el chat. Inicia sesión para escribir, mencionar y reaccionar.',
  muted: 'Por ahora estás silenciado en esta sala.',
  cannotWrite: 'No puedes escribir en el chat de esta sala.',
  sending: 'Enviando…',
  notSent: 'No enviado.',
  retry: 'Reintentar',
  deleted: 'Mensaje eliminado',
  media: 'Envió un GIF o una imagen',
  react: 'Reaccionar al mensaje de {{name}}',
  reactionCount_one: '{{reaction}}: {{count}} reacción',
  reactionCount_other: '{{reaction}}: {{count}} reacciones',
  mentionsYou: 'Te menciona',
  mention: 'Mencionar a {{name}}',
  tooLong: 'Como máximo {{max}} caracteres.',
  offline: 'Reconectando con el chat…',
  error: 'Algo salió mal, inténtalo de nuevo.',
};

i18n.addResourceBundle('en', 'translation', { chat: en }, true, true);
i18n.addResourceBundle('es', 'translation', { chat: es }, true, true);

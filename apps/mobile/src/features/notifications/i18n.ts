import { i18n } from '../../i18n';

/** The notification centre and its settings, in English and Spanish (the web's texts). */
const en = {
  title: 'Notifications',
  bellUnread_one: 'Notifications: {{count}} unread',
  bellUnread_other: 'Notifications: {{count}} unread',
  unread: 'Unread',
  markAll: 'Mark all read',
  settingsLink: 'Settings',
  empty: 'Nothing new yet.',
  emptyAll:
    'No notifications yet. Follow DJs and add friends, and you will hear when they go live.',
  emptyUnread: 'You are all caught up.',
  all: 'All',
  unreadTab: 'Unread ({{count}})',
  loading: 'Loading…',
  more: 'Show older',
  kinds: {
    friendInvitation: {
      title: '{{name}} wants to be your friend',
      body: 'Accept or decline on your friends page.',
    },
    friendAccepted: {
      title: '{{name}} accepted your friend invitation',
      body: 'You are friends now.',
    },
    newFan: {
      title: '{{name}} started following you',
      body: 'They will hear when you go on stage.',
    },
    djLive: {
      title: '{{name}} is on stage',
      body: 'Playing in {{room}} now. Come listen!',
    },
    roomLive: {
      title: '{{room}} is live',
      body: '{{name}} started playing. Drop in!',
    },
    directMessage: {
      title: '{{name}} sent you a message',
      body: 'Open your inbox to read it.',
    },
    mention: {
      title: '{{name}} mentioned you',
      titleRoom: '{{name}} mentioned you in {{room}}',
      body: 'Tap to see the message.',
    },
    eventStarted: {
      title: '{{name}} is starting',
      body: 'The event is on in {{room}} now. Come in!',
    },
  },
  settings: {
    title: 'Notification settings',
    kind: 'What',
    app: 'In the app',
    push: 'Push',
    kinds: {
      friendInvitation: 'Friend invitations',
      friendAccepted: 'Invitations accepted',
      newFan: 'New followers',
      djLive: 'DJs you follow go on stage',
      roomLive: 'Rooms you visited go live',
      mention: 'Mentions in chat',
      directMessage: 'Direct messages',
      broadcast: 'Announcements',
      custom: 'Messages from rooms and the team',
      eventStarted: 'Events you asked to be reminded of',
    },
    hints: {
      friendInvitation: 'Someone wants to be your friend.',
      friendAccepted: 'Someone said yes to your invitation.',
      newFan: 'Someone starts following you (once a day per person).',
      djLive: 'At most once per DJ and room every half hour.',
      roomLive: 'Rooms you were in during the last 30 days.',
      mention: 'Someone writes your name in a room.',
      directMessage: 'One notice per conversation every couple of minutes.',
      broadcast: 'News from {{product}} for everyone.',
      custom: 'From a room’s hosts or the team.',
      eventStarted: 'When an event you chose Remind me on starts.',
    },
    saveFailed: 'Could not save. Try again.',
    pushHint: 'Push on this phone is turned on when you sign in, if you allow notifications.',
  },
  signIn: 'Sign in to see your notifications.',
  error: 'Could not load your notifications.',
  retry: 'Try again',
  unreadBadge: 'New',
};

const es: typeof en = {
  title: 'Notificaciones',
  bellUnread_one: 'Notificaciones: {{count}} sin leer',
  bellUnread_other: 'Notificaciones: {{count}} sin leer',
  unread: 'Sin leer',
  markAll: 'Marcar todo como leído',
  settingsLink: 'Ajustes',
  empty: 'Nada nuevo todavía.',
  emptyAll:
    'Aún no tienes notificaciones. Sigue a DJs y añade amigos, y te avisaremos cuando empiecen.',
  emptyUnread: 'Estás al día.',
  all: 'Todas',
  unreadTab: 'Sin leer ({{count}})',
  loading: 'Cargando…',
  more: 'Ver anteriores',
  kinds: {
    friendInvitation: {
      title: '{{name}} quiere ser tu amigo',
      body: 'Acepta o rechaza en tu página de amigos.',
    },
    friendAccepted: {
      title: '{{name}} aceptó tu invitación de amistad',
      body: 'Ahora son amigos.',
    },
    newFan: {
      title: '{{name}} empezó a seguirte',
      body: 'Se enterará cuando subas a la cabina.',
    },
    djLive: {
      title: '{{name}} está en la cabina',
      body: 'Pinchando ahora en {{room}}. ¡Ven a escuchar!',
    },
    roomLive: {
      title: '{{room}} está en directo',
      body: '{{name}} empezó a pinchar. ¡Pásate!',
    },
    directMessage: {
      title: '{{name}} te envió un mensaje',
      body: 'Abre tu bandeja para leerlo.',
    },
    mention: {
      title: '{{name}} te mencionó',
      titleRoom: '{{name}} te mencionó en {{room}}',
      body: 'Toca para ver el mensaje.',
    },
    eventStarted: {
      title: '{{name}} está empezando',
      body: 'El evento ya está en {{room}}. ¡Entra!',
    },
  },
  settings: {
    title: 'Ajustes de notificaciones',
    kind: 'Qué',
    app: 'En la app',
    push: 'Push',
    kinds: {
      friendInvitation: 'Invitaciones de amistad',
      friendAccepted: 'Invitaciones aceptadas',
      newFan: 'Nuevos seguidores',
      djLive: 'DJs que sigues suben a la cabina',
      roomLive: 'Salas que visitaste empiezan',
      mention: 'Menciones en el chat',
      directMessage: 'Mensajes directos',
      broadcast: 'Anuncios',
      custom: 'Mensajes de salas y del equipo',
      eventStarted: 'Eventos de los que pediste aviso',
    },
    hints: {
      friendInvitation: 'Alguien quiere ser tu amigo.',
      friendAccepted: 'Alguien aceptó tu invitación.',
      newFan: 'Alguien empieza a seguirte (una vez al día por persona).',
      djLive: 'Como mucho una vez por DJ y sala cada media hora.',
      roomLive: 'Salas en las que estuviste en los últimos 30 días.',
      mention: 'Alguien escribe tu nombre en una sala.',
      directMessage: 'Un aviso por conversación cada par de minutos.',
      broadcast: 'Novedades de {{product}} para todos.',
      custom: 'De los anfitriones de una sala o del equipo.',
      eventStarted: 'Cuando empieza un evento en el que pulsaste Recuérdamelo.',
    },
    saveFailed: 'No se pudo guardar. Inténtalo de nuevo.',
    pushHint:
      'El push en este teléfono se activa al iniciar sesión, si permites las notificaciones.',
  },
  signIn: 'Inicia sesión para ver tus notificaciones.',
  error: 'No se pudieron cargar tus notificaciones.',
  retry: 'Reintentar',
  unreadBadge: 'Nuevo',
};

i18n.addResourceBundle('en', 'translation', { notifications: en }, true, true);
i18n.addResourceBundle('es', 'translation', { notifications: es }, true, true);

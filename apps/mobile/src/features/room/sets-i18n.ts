import { i18n } from '../../i18n';

/** Texts of "Last sets" on the room screen (SET-1..6). */
const en = {
  roomSets: {
    title: 'Last sets',
    show: 'Show the last sets',
    hide: 'Hide the last sets',
    none: 'No sets in this room yet',
    loading: 'Loading the sets…',
    aDj: 'A DJ',
    songs_one: '{{count}} song',
    songs_other: '{{count}} songs',
    saveSet: 'Save as crate',
    saveSetOf: 'Save the set of {{name}} as a crate',
    saveHeard: 'Save what I heard',
    saveHeardHint: 'The songs played since you came in, as a new crate',
    saved_one: 'Saved: {{count}} song in a new crate',
    saved_other: 'Saved: {{count}} songs in a new crate',
    openCrate: 'Open {{name}}',
    crateName: '{{room}} — {{date}}',
  },
};

const es: typeof en = {
  roomSets: {
    title: 'Últimos sets',
    show: 'Mostrar los últimos sets',
    hide: 'Ocultar los últimos sets',
    none: 'Aquí todavía no se ha pinchado ningún set',
    loading: 'Cargando los sets…',
    aDj: 'Un DJ',
    songs_one: '{{count}} canción',
    songs_other: '{{count}} canciones',
    saveSet: 'Guardar como caja',
    saveSetOf: 'Guardar el set de {{name}} como caja',
    saveHeard: 'Guardar lo que escuché',
    saveHeardHint: 'Las canciones que sonaron desde que entraste, en una caja nueva',
    saved_one: 'Guardado: {{count}} canción en una caja nueva',
    saved_other: 'Guardado: {{count}} canciones en una caja nueva',
    openCrate: 'Abrir {{name}}',
    crateName: '{{room}} — {{date}}',
  },
};

i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);

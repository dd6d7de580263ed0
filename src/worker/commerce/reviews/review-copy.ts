// What seeded shoppers write: review titles and sentences by language, mood and kind of product, and
// questions with Cairn's answers. Sentences are written to stand alone so any two of a mood combine. Every
// language has the same entries in the same places, which makes this the local translator's phrasebook too.

export type ReviewLang = 'en' | 'fr' | 'de' | 'it';
export type Mood = 'love' | 'like' | 'mixed' | 'poor';
export type ReviewGroup = 'footwear' | 'apparel' | 'gear';

interface LangCopy {
  titles: Record<Mood, readonly string[]>;
  general: Record<Mood, readonly string[]>;
  group: Record<ReviewGroup, Record<'good' | 'bad', readonly string[]>>;
  /** Footwear fit remarks from runs small (-2) to runs large (2); true to size says nothing. */
  fit: Record<'-2' | '-1' | '1' | '2', string>;
  names: readonly string[];
  places: readonly string[];
}

export const REVIEW_COPY: Record<ReviewLang, LangCopy> = {
  en: {
    titles: {
      love: ['Best purchase this year', 'Worth every penny', 'Exactly what I hoped for', 'Buying a second pair', 'Love them', 'Outstanding quality'],
      like: ['Very good', 'Solid choice', 'Happy with it', 'Good value', 'Does the job well'],
      mixed: ['Good, not great', 'Some pros and cons', 'Okay for the price', 'Mixed feelings'],
      poor: ['Disappointed', 'Not for me', 'Expected better', 'Returned it'],
    },
    general: {
      love: [
        'I have worn it almost every day since it arrived and it still looks new.',
        'The quality is obvious as soon as you take it out of the box.',
        'Friends keep asking where I got it.',
        'It has become my go-to for weekends outdoors.',
      ],
      like: [
        'Well made and comfortable after a short break-in.',
        'Good quality for the price, with a couple of small quibbles.',
        'The colour is true to the photos.',
      ],
      mixed: [
        'The materials feel good but the finish could be better.',
        'It is fine for everyday use, less so for longer days out.',
        'Delivery was quick, the product itself is just average.',
      ],
      poor: ['It did not live up to the description.', 'After a few weeks it already shows wear.', 'I sent it back and chose something else.'],
    },
    group: {
      footwear: {
        good: [
          'Kept my feet dry through a full day of rain.',
          'The sole grips well on wet rock and muddy trails.',
          'Comfortable straight out of the box, no blisters.',
          'Plenty of room in the toe box.',
        ],
        bad: ['The heel rubbed on longer walks.', 'The laces keep coming undone.', 'My feet got warm and sweaty quickly.'],
      },
      apparel: {
        good: [
          'Warm without being bulky.',
          'Layers easily under a shell.',
          'The fabric is soft and holds up in the wash.',
          'Pockets are in exactly the right place.',
        ],
        bad: ['The sleeves are a little short for me.', 'It pilled after a few washes.', 'The zip feels flimsy.'],
      },
      gear: {
        good: ['Sturdy and well stitched.', 'Fits everything I need for a day out.', 'Simple, practical and good-looking.'],
        bad: ['Smaller than it looks in the pictures.', 'The strap started to fray.', 'The colour faded in the sun.'],
      },
    },
    fit: {
      '-2': 'Runs a full size small, order up.',
      '-1': 'Runs about half a size small.',
      '1': 'Runs about half a size large.',
      '2': 'Runs a full size large.',
    },
    names: ['Sarah', 'Mike', 'Jen', 'Tom', 'Priya', 'Chris', 'Emma', 'Dan', 'Olivia', 'Ben', 'Hannah', 'Sam'],
    places: ['Denver', 'Portland', 'Leeds', 'Toronto', 'Boston', 'Bristol', 'Calgary', 'Seattle', 'Edinburgh', 'Austin'],
  },
  fr: {
    titles: {
      love: [
        'Meilleur achat de l’année',
        'Vaut chaque centime',
        'Exactement ce que j’espérais',
        'J’en rachète une paire',
        'Coup de cœur',
        'Qualité remarquable',
      ],
      like: ['Très bien', 'Un bon choix', 'Entière satisfaction', 'Bon rapport qualité-prix', 'Fait bien le travail'],
      mixed: ['Bien, sans plus', 'Des hauts et des bas', 'Correct pour le prix', 'Avis partagé'],
      poor: ['Déception', 'Pas pour moi', 'Je m’attendais à mieux', 'Renvoyé'],
    },
    general: {
      love: [
        'Je le porte presque tous les jours depuis sa réception et il paraît encore neuf.',
        'La qualité se voit dès l’ouverture du carton.',
        'Mes amis me demandent sans cesse où je l’ai trouvé.',
        'C’est devenu mon indispensable pour les week-ends dehors.',
      ],
      like: [
        'Bien fini et confortable après un court rodage.',
        'Bonne qualité pour le prix, avec quelques petits défauts.',
        'La couleur est fidèle aux photos.',
      ],
      mixed: [
        'Les matériaux sont bons mais les finitions pourraient être meilleures.',
        'Très bien au quotidien, moins pour les longues sorties.',
        'Livraison rapide, produit simplement moyen.',
      ],
      poor: [
        'Il ne correspond pas à la description.',
        'Après quelques semaines, il montre déjà des signes d’usure.',
        'Je l’ai renvoyé et j’ai choisi autre chose.',
      ],
    },
    group: {
      footwear: {
        good: [
          'Pieds au sec pendant toute une journée de pluie.',
          'La semelle accroche bien sur la roche mouillée et la boue.',
          'Confortable dès la première sortie, aucune ampoule.',
          'Beaucoup de place pour les orteils.',
        ],
        bad: ['Le talon frotte sur les longues marches.', 'Les lacets se défont sans arrêt.', 'Les pieds chauffent vite.'],
      },
      apparel: {
        good: [
          'Chaud sans être encombrant.',
          'Se porte facilement sous une veste.',
          'Le tissu est doux et résiste au lavage.',
          'Les poches sont exactement au bon endroit.',
        ],
        bad: ['Les manches sont un peu courtes pour moi.', 'Il bouloche après quelques lavages.', 'La fermeture éclair semble fragile.'],
      },
      gear: {
        good: ['Solide et bien cousu.', 'Contient tout ce qu’il faut pour une journée dehors.', 'Simple, pratique et joli.'],
        bad: ['Plus petit qu’il n’y paraît sur les photos.', 'La sangle commence à s’effilocher.', 'La couleur a passé au soleil.'],
      },
    },
    fit: {
      '-2': 'Taille une pointure en dessous, prenez plus grand.',
      '-1': 'Taille une demi-pointure petit.',
      '1': 'Taille une demi-pointure grand.',
      '2': 'Taille une pointure au-dessus.',
    },
    names: ['Camille', 'Julien', 'Léa', 'Thomas', 'Chloé', 'Nicolas', 'Manon', 'Antoine', 'Sophie', 'Hugo'],
    places: ['Lyon', 'Grenoble', 'Annecy', 'Montréal', 'Nantes', 'Bordeaux', 'Québec', 'Lille'],
  },
  de: {
    titles: {
      love: ['Bester Kauf des Jahres', 'Jeden Cent wert', 'Genau wie erhofft', 'Ich kaufe ein zweites Paar', 'Absolut begeistert', 'Hervorragende Qualität'],
      like: ['Sehr gut', 'Solide Wahl', 'Zufrieden', 'Gutes Preis-Leistungs-Verhältnis', 'Erfüllt seinen Zweck'],
      mixed: ['Gut, aber nicht herausragend', 'Licht und Schatten', 'Für den Preis in Ordnung', 'Gemischte Gefühle'],
      poor: ['Enttäuscht', 'Nichts für mich', 'Hatte mehr erwartet', 'Zurückgeschickt'],
    },
    general: {
      love: [
        'Ich trage es fast jeden Tag und es sieht immer noch wie neu aus.',
        'Die Qualität merkt man sofort beim Auspacken.',
        'Freunde fragen ständig, wo ich es gekauft habe.',
        'Mein Favorit für Wochenenden draußen.',
      ],
      like: ['Gut verarbeitet und nach kurzer Eingewöhnung bequem.', 'Gute Qualität für den Preis, mit kleinen Abstrichen.', 'Die Farbe entspricht den Fotos.'],
      mixed: [
        'Die Materialien sind gut, die Verarbeitung könnte besser sein.',
        'Für den Alltag prima, für lange Touren weniger.',
        'Schnelle Lieferung, das Produkt selbst ist nur Durchschnitt.',
      ],
      poor: [
        'Es hält nicht, was die Beschreibung verspricht.',
        'Nach wenigen Wochen zeigt es schon Verschleiß.',
        'Ich habe es zurückgeschickt und etwas anderes gewählt.',
      ],
    },
    group: {
      footwear: {
        good: [
          'Die Füße blieben einen ganzen Regentag lang trocken.',
          'Die Sohle greift gut auf nassem Fels und matschigen Wegen.',
          'Vom ersten Tag an bequem, keine Blasen.',
          'Viel Platz im Zehenbereich.',
        ],
        bad: ['Die Ferse scheuert bei längeren Wanderungen.', 'Die Schnürsenkel gehen ständig auf.', 'Die Füße werden schnell warm.'],
      },
      apparel: {
        good: [
          'Warm, ohne aufzutragen.',
          'Lässt sich gut unter einer Jacke tragen.',
          'Der Stoff ist weich und übersteht die Wäsche.',
          'Die Taschen sitzen genau richtig.',
        ],
        bad: ['Die Ärmel sind mir etwas zu kurz.', 'Nach ein paar Wäschen bilden sich Knötchen.', 'Der Reißverschluss wirkt billig.'],
      },
      gear: {
        good: ['Robust und sauber genäht.', 'Alles passt hinein, was man für einen Tag draußen braucht.', 'Schlicht, praktisch und schön.'],
        bad: ['Kleiner, als es auf den Bildern aussieht.', 'Der Gurt franst schon aus.', 'Die Farbe ist in der Sonne verblasst.'],
      },
    },
    fit: {
      '-2': 'Fällt eine ganze Größe kleiner aus.',
      '-1': 'Fällt etwa eine halbe Größe kleiner aus.',
      '1': 'Fällt etwa eine halbe Größe größer aus.',
      '2': 'Fällt eine ganze Größe größer aus.',
    },
    names: ['Lena', 'Jonas', 'Anna', 'Lukas', 'Marie', 'Felix', 'Sophie', 'Paul', 'Laura', 'Max'],
    places: ['München', 'Hamburg', 'Freiburg', 'Berlin', 'Köln', 'Dresden', 'Stuttgart'],
  },
  it: {
    titles: {
      love: [
        'Il miglior acquisto dell’anno',
        'Vale ogni centesimo',
        'Esattamente come speravo',
        'Ne compro un altro paio',
        'Un vero amore',
        'Qualità eccellente',
      ],
      like: ['Molto buono', 'Una scelta solida', 'Piena soddisfazione', 'Buon rapporto qualità-prezzo', 'Fa bene il suo lavoro'],
      mixed: ['Buono, non eccezionale', 'Pro e contro', 'Discreto per il prezzo', 'Sensazioni contrastanti'],
      poor: ['Che delusione', 'Non fa per me', 'Mi aspettavo di più', 'Reso'],
    },
    general: {
      love: [
        'Lo porto quasi ogni giorno da quando è arrivato e sembra ancora nuovo.',
        'La qualità si vede appena lo si toglie dalla scatola.',
        'Gli amici mi chiedono sempre dove l’ho preso.',
        'È diventato il mio preferito per i fine settimana all’aperto.',
      ],
      like: ['Ben fatto e comodo dopo un breve rodaggio.', 'Buona qualità per il prezzo, con qualche piccolo difetto.', 'Il colore è fedele alle foto.'],
      mixed: [
        'I materiali sono buoni ma le finiture potrebbero essere migliori.',
        'Va bene tutti i giorni, meno per le uscite lunghe.',
        'Consegna rapida, il prodotto in sé è nella media.',
      ],
      poor: ['Non corrisponde alla descrizione.', 'Dopo poche settimane mostra già segni di usura.', 'L’ho restituito e ho scelto altro.'],
    },
    group: {
      footwear: {
        good: [
          'Piedi asciutti per un’intera giornata di pioggia.',
          'La suola fa presa sulla roccia bagnata e sul fango.',
          'Comode da subito, nessuna vescica.',
          'Tanto spazio per le dita.',
        ],
        bad: ['Il tallone sfrega nelle camminate lunghe.', 'I lacci si slacciano di continuo.', 'I piedi si scaldano in fretta.'],
      },
      apparel: {
        good: [
          'Caldo senza essere ingombrante.',
          'Si indossa facilmente sotto una giacca.',
          'Il tessuto è morbido e resiste ai lavaggi.',
          'Le tasche sono esattamente al posto giusto.',
        ],
        bad: ['Le maniche sono un po’ corte per me.', 'Fa i pallini dopo qualche lavaggio.', 'La cerniera sembra fragile.'],
      },
      gear: {
        good: ['Robusto e ben cucito.', 'Ci sta tutto il necessario per una giornata fuori.', 'Semplice, pratico e bello.'],
        bad: ['Più piccolo di quanto sembri in foto.', 'La cinghia inizia a sfilacciarsi.', 'Il colore si è sbiadito al sole.'],
      },
    },
    fit: {
      '-2': 'Veste una taglia in meno, prendete la successiva.',
      '-1': 'Veste mezza taglia in meno.',
      '1': 'Veste mezza taglia in più.',
      '2': 'Veste una taglia in più.',
    },
    names: ['Giulia', 'Marco', 'Chiara', 'Luca', 'Francesca', 'Matteo', 'Sara', 'Andrea', 'Elena', 'Davide'],
    places: ['Milano', 'Torino', 'Bolzano', 'Bologna', 'Firenze', 'Trento', 'Roma'],
  },
};

/** Questions shoppers ask, each with the answer Cairn's customer service gave, by kind of product. */
export const QUESTION_COPY: Record<ReviewLang, Record<ReviewGroup, readonly (readonly [string, string])[]>> = {
  en: {
    footwear: [
      ['Are these good for wide feet?', 'They are built on our standard last; most styles also come in a wide fit, shown in the width picker.'],
      ['Can I wear these in snow?', 'Yes for short walks in light snow. For deep snow and freezing days, pick a style with insulation.'],
      ['Do they need breaking in?', 'Most shoppers find them comfortable from the first day; leather styles soften further over a week or two.'],
    ],
    apparel: [
      ['Is this machine washable?', 'Yes, at 30 °C on a gentle cycle. Close the zips first and skip the fabric softener.'],
      ['Does it fit true to size?', 'It is cut for layering. If you are between sizes, take your usual size for a closer fit.'],
    ],
    gear: [['Is it waterproof?', 'It is water-resistant and handles showers; the seams are not taped, so it is not made for heavy rain.']],
  },
  fr: {
    footwear: [
      ['Conviennent-elles aux pieds larges ?', 'Elles sont montées sur notre forme standard ; la plupart des modèles existent aussi en largeur large.'],
      ['Peut-on les porter dans la neige ?', 'Oui pour de courtes marches dans la neige légère. Pour le grand froid, choisissez un modèle isolé.'],
    ],
    apparel: [
      ['Est-il lavable en machine ?', 'Oui, à 30 °C en cycle délicat. Fermez les zips et évitez l’adoucissant.'],
      ['La taille est-elle standard ?', 'La coupe permet de superposer. Entre deux tailles, prenez votre taille habituelle.'],
    ],
    gear: [['Est-il imperméable ?', 'Il est déperlant et résiste aux averses ; ses coutures ne sont pas étanchées.']],
  },
  de: {
    footwear: [
      ['Sind die Schuhe für breite Füße geeignet?', 'Sie basieren auf unserem Standardleisten; die meisten Modelle gibt es auch in weiter Passform.'],
      ['Kann man sie im Schnee tragen?', 'Für kurze Wege bei leichtem Schnee ja. Für strengen Frost empfehlen wir ein gefüttertes Modell.'],
    ],
    apparel: [
      ['Ist es waschmaschinenfest?', 'Ja, bei 30 °C im Schonwaschgang. Reißverschlüsse schließen und keinen Weichspüler verwenden.'],
      ['Fällt es normal aus?', 'Der Schnitt ist für Lagen gedacht. Zwischen zwei Größen nehmen Sie Ihre übliche Größe.'],
    ],
    gear: [['Ist es wasserdicht?', 'Es ist wasserabweisend und hält Schauern stand; die Nähte sind nicht verschweißt.']],
  },
  it: {
    footwear: [
      ['Vanno bene per piedi larghi?', 'Sono costruite sulla nostra forma standard; la maggior parte dei modelli esiste anche in pianta larga.'],
      ['Si possono usare sulla neve?', 'Sì per brevi tratti con neve leggera. Per il gelo scegliete un modello imbottito.'],
    ],
    apparel: [
      ['Si può lavare in lavatrice?', 'Sì, a 30 °C con ciclo delicato. Chiudete le zip e non usate ammorbidente.'],
      ['Veste regolare?', 'Il taglio permette di stratificare. Se siete tra due taglie, scegliete la vostra taglia abituale.'],
    ],
    gear: [['È impermeabile?', 'È idrorepellente e regge gli acquazzoni; le cuciture non sono termosaldate.']],
  },
};

// The policy and terms pages the forms link to (commerce-core §1: /privacy, /brand-terms, /loyalty-terms,
// /sms-terms, /associate-discount-terms): short, plain-language texts in each language.

import type { PageDocument } from '../../../src/shared/content/blocks.ts';
import type { Lang } from '../../../src/shared/locale/sites.ts';
import type { ContentContext } from './context.ts';
import { paragraph } from './context.ts';

export const LEGAL_PATHS = ['privacy', 'brand-terms', 'sale-terms', 'loyalty-terms', 'sms-terms', 'associate-discount-terms'] as const;
type LegalPath = (typeof LEGAL_PATHS)[number];

interface LegalCopy {
  title: string;
  description: string;
  sections: [heading: string, text: string][];
}

const COPY: Record<Lang, Record<LegalPath, LegalCopy>> = {
  en: {
    privacy: {
      title: 'Privacy policy',
      description: 'What Cairn collects about you, why, how long we keep it and how to exercise your rights.',
      sections: [
        [
          'What we collect',
          'Your account details (name, email, phone, birth date when you give it), your orders and addresses, and what you choose to share: interests, shoe size, subscriptions. We never store your card number: payments go through our payment providers.',
        ],
        [
          'Why we use it',
          'To run your account and your orders, to send the emails you asked for, and, only with your consent, to personalise what you see. Analytics cookies are used only when you accept them.',
        ],
        [
          'How long we keep it',
          'Account data for as long as your account is open; order data for the period the law requires; newsletter data until you unsubscribe.',
        ],
        [
          'Your rights',
          'You can see, correct, export or delete your data, and withdraw any consent, from your account or by writing to privacy@cairn.example. You can also complain to your data protection authority.',
        ],
      ],
    },
    'brand-terms': {
      title: 'Terms of use',
      description: 'The terms that apply to your Cairn account and to shopping with us.',
      sections: [
        [
          'Your account',
          'Keep your password to yourself and tell us at once if you think someone else has used your account. You must be old enough to hold an account in your country.',
        ],
        [
          'Orders',
          'An order is accepted when we send its confirmation. Prices include the taxes shown at checkout; a clear pricing error lets us cancel the order and refund you in full.',
        ],
        ['Returns', 'You can return unworn items within 60 days of delivery, free of charge. Your statutory rights are not affected.'],
      ],
    },
    'sale-terms': {
      title: 'Terms of sale',
      description: 'What applies when you buy from Cairn: prices, payment, delivery, cancelling, returns and refunds.',
      sections: [
        [
          'Prices and payment',
          'Prices are those shown when you place your order, with the taxes and delivery costs shown at checkout. A card is authorised when you order and charged when your order ships.',
        ],
        [
          'Delivery',
          'We deliver to the addresses and pickup points offered at checkout, in the times shown there. Digital gift cards are sent by email once the order is paid.',
        ],
        [
          'Cancelling',
          'Until your order leaves our warehouse you can cancel all of it, or some items, from your account: nothing is charged for what you cancel. A gift card sent by email goes only with its whole order.',
        ],
        [
          'Returns and refunds',
          'You can return unworn items within 60 days of delivery with the free label from your account. We refund to the way you paid once the parcel reaches us. Your statutory rights are not affected.',
        ],
      ],
    },
    'loyalty-terms': {
      title: 'Cairn Club terms',
      description: 'How the Cairn Club loyalty programme works: joining, points, rewards and leaving.',
      sections: [
        ['Joining', 'The Cairn Club is free. Members get a member number, earn points on eligible purchases and receive member offers.'],
        [
          'Points and rewards',
          'Points are added once an order has shipped and are removed if it is returned. Rewards are issued as vouchers with their own expiry date; they cannot be exchanged for cash.',
        ],
        ['Leaving', 'You can leave at any time from your account; unused points and vouchers then lapse.'],
      ],
    },
    'sms-terms': {
      title: 'Text message terms',
      description: 'What you agree to when you sign up for Cairn text messages.',
      sections: [
        ['What you receive', 'Up to four marketing text messages a month about new gear, offers and events. Message and data rates may apply.'],
        [
          'Stopping',
          'Reply STOP to any message, or untick text messages in your account, to stop at once. Clearing your phone number also ends the subscription.',
        ],
      ],
    },
    'associate-discount-terms': {
      title: 'Associate discount terms',
      description: 'The rules of the Cairn associate discount for employees.',
      sections: [
        ['Who may use it', 'Cairn employees, for themselves and their household, within the annual cap shown in their account.'],
        [
          'How it applies',
          'The discount applies only once these terms are accepted, is not combined with other offers and may not be used for resale. Misuse may lead to disciplinary action.',
        ],
      ],
    },
  },
  fr: {
    privacy: {
      title: 'Politique de confidentialité',
      description: 'Ce que Cairn collecte à votre sujet, pourquoi, combien de temps nous le gardons et comment exercer vos droits.',
      sections: [
        [
          'Ce que nous collectons',
          'Les données de votre compte (nom, e-mail, téléphone, date de naissance si vous la donnez), vos commandes et adresses, et ce que vous choisissez de partager : centres d’intérêt, pointure, abonnements. Nous ne conservons jamais votre numéro de carte : les paiements passent par nos prestataires de paiement.',
        ],
        [
          'Pourquoi nous les utilisons',
          'Pour gérer votre compte et vos commandes, vous envoyer les e-mails demandés et, seulement avec votre accord, personnaliser ce que vous voyez. Les cookies de mesure d’audience ne sont utilisés que si vous les acceptez.',
        ],
        [
          'Durée de conservation',
          'Les données du compte tant qu’il est ouvert ; celles des commandes pendant la durée exigée par la loi ; celles de la newsletter jusqu’à votre désabonnement.',
        ],
        [
          'Vos droits',
          'Vous pouvez consulter, corriger, exporter ou supprimer vos données et retirer tout consentement depuis votre compte ou en écrivant à privacy@cairn.example. Vous pouvez aussi saisir la CNIL.',
        ],
      ],
    },
    'brand-terms': {
      title: 'Conditions d’utilisation',
      description: 'Les conditions qui s’appliquent à votre compte Cairn et à vos achats.',
      sections: [
        [
          'Votre compte',
          'Gardez votre mot de passe pour vous et prévenez-nous sans attendre si vous pensez que quelqu’un d’autre a utilisé votre compte. Vous devez avoir l’âge requis dans votre pays pour ouvrir un compte.',
        ],
        [
          'Commandes',
          'Une commande est acceptée à l’envoi de sa confirmation. Les prix incluent les taxes indiquées au paiement ; une erreur de prix manifeste nous permet d’annuler la commande et de vous rembourser intégralement.',
        ],
        [
          'Retours',
          'Vous pouvez retourner gratuitement les articles non portés dans les 60 jours suivant la livraison. Vos droits légaux ne sont pas affectés.',
        ],
      ],
    },
    'sale-terms': {
      title: 'Conditions générales de vente',
      description: 'Ce qui s’applique quand vous achetez chez Cairn : prix, paiement, livraison, annulation, retours et remboursements.',
      sections: [
        [
          'Prix et paiement',
          'Les prix sont ceux affichés lors de votre commande, avec les taxes et frais de livraison indiqués au paiement. Votre carte est autorisée à la commande et débitée à l’expédition.',
        ],
        [
          'Livraison',
          'Nous livrons aux adresses et points de retrait proposés lors de la commande, dans les délais indiqués. Les cartes cadeaux numériques sont envoyées par e-mail une fois la commande payée.',
        ],
        [
          'Annulation',
          'Tant que votre commande n’a pas quitté notre entrepôt, vous pouvez l’annuler en tout ou partie depuis votre compte : rien n’est débité pour ce que vous annulez. Une carte cadeau envoyée par e-mail ne s’annule qu’avec toute sa commande.',
        ],
        [
          'Retours et remboursements',
          'Vous pouvez retourner les articles non portés sous 60 jours après la livraison avec l’étiquette gratuite de votre compte. Nous remboursons sur le moyen de paiement utilisé dès réception du colis. Vos droits légaux ne sont pas affectés.',
        ],
      ],
    },
    'loyalty-terms': {
      title: 'Conditions du Cairn Club',
      description: 'Le fonctionnement du programme de fidélité Cairn Club : adhésion, points, récompenses et résiliation.',
      sections: [
        [
          'Adhésion',
          'Le Cairn Club est gratuit. Les membres reçoivent un numéro de membre, cumulent des points sur les achats éligibles et reçoivent des offres réservées.',
        ],
        [
          'Points et récompenses',
          'Les points sont crédités à l’expédition de la commande et retirés en cas de retour. Les récompenses sont des bons avec leur propre date d’expiration ; elles ne sont pas échangeables contre de l’argent.',
        ],
        ['Résiliation', 'Vous pouvez quitter le programme à tout moment depuis votre compte ; les points et bons non utilisés sont alors perdus.'],
      ],
    },
    'sms-terms': {
      title: 'Conditions des SMS',
      description: 'Ce que vous acceptez en vous inscrivant aux SMS Cairn.',
      sections: [
        [
          'Ce que vous recevez',
          'Jusqu’à quatre SMS marketing par mois sur les nouveautés, les offres et les événements. Des frais de votre opérateur peuvent s’appliquer.',
        ],
        [
          'Arrêter',
          'Répondez STOP à n’importe quel message ou décochez les SMS dans votre compte pour arrêter immédiatement. Effacer votre numéro met aussi fin à l’abonnement.',
        ],
      ],
    },
    'associate-discount-terms': {
      title: 'Conditions de la remise collaborateur',
      description: 'Les règles de la remise collaborateur Cairn.',
      sections: [
        ['Bénéficiaires', 'Les collaborateurs de Cairn, pour eux-mêmes et leur foyer, dans la limite du plafond annuel indiqué dans leur compte.'],
        [
          'Application',
          'La remise ne s’applique qu’après acceptation de ces conditions, ne se cumule pas avec d’autres offres et ne peut servir à la revente. Tout abus peut entraîner des sanctions disciplinaires.',
        ],
      ],
    },
  },
  de: {
    privacy: {
      title: 'Datenschutzerklärung',
      description: 'Welche Daten Cairn über Sie erhebt, wozu, wie lange wir sie speichern und wie Sie Ihre Rechte ausüben.',
      sections: [
        [
          'Was wir erheben',
          'Ihre Kontodaten (Name, E-Mail, Telefon, Geburtsdatum, wenn Sie es angeben), Ihre Bestellungen und Adressen sowie, was Sie uns mitteilen möchten: Interessen, Schuhgröße, Abonnements. Ihre Kartennummer speichern wir nie: Zahlungen laufen über unsere Zahlungsdienstleister.',
        ],
        [
          'Wozu wir sie nutzen',
          'Um Ihr Konto und Ihre Bestellungen zu führen, Ihnen die gewünschten E-Mails zu senden und, nur mit Ihrer Einwilligung, Inhalte zu personalisieren. Analyse-Cookies setzen wir nur, wenn Sie zustimmen.',
        ],
        [
          'Wie lange wir sie speichern',
          'Kontodaten, solange Ihr Konto besteht; Bestelldaten so lange, wie das Gesetz es verlangt; Newsletter-Daten bis zu Ihrer Abmeldung.',
        ],
        [
          'Ihre Rechte',
          'Sie können Ihre Daten einsehen, berichtigen, exportieren oder löschen und jede Einwilligung widerrufen, in Ihrem Konto oder per E-Mail an privacy@cairn.example. Sie können sich auch bei Ihrer Datenschutzbehörde beschweren.',
        ],
      ],
    },
    'brand-terms': {
      title: 'Nutzungsbedingungen',
      description: 'Die Bedingungen für Ihr Cairn-Konto und Ihre Einkäufe bei uns.',
      sections: [
        [
          'Ihr Konto',
          'Behalten Sie Ihr Passwort für sich und sagen Sie uns sofort Bescheid, wenn Sie glauben, dass jemand anderes Ihr Konto benutzt hat. Sie müssen das in Ihrem Land nötige Alter für ein Konto haben.',
        ],
        [
          'Bestellungen',
          'Eine Bestellung ist angenommen, sobald wir die Bestätigung senden. Die Preise enthalten die an der Kasse angezeigten Steuern; bei einem offensichtlichen Preisfehler dürfen wir die Bestellung stornieren und erstatten den vollen Betrag.',
        ],
        [
          'Rücksendungen',
          'Ungetragene Artikel können Sie innerhalb von 60 Tagen nach Lieferung kostenlos zurücksenden. Ihre gesetzlichen Rechte bleiben unberührt.',
        ],
      ],
    },
    'sale-terms': {
      title: 'Allgemeine Verkaufsbedingungen',
      description: 'Was beim Kauf bei Cairn gilt: Preise, Zahlung, Lieferung, Stornierung, Rücksendungen und Erstattungen.',
      sections: [
        [
          'Preise und Zahlung',
          'Es gelten die bei der Bestellung angezeigten Preise mit den an der Kasse genannten Steuern und Versandkosten. Ihre Karte wird bei der Bestellung autorisiert und beim Versand belastet.',
        ],
        [
          'Lieferung',
          'Wir liefern an die an der Kasse angebotenen Adressen und Abholstellen in den dort genannten Zeiten. Digitale Geschenkkarten werden nach Zahlung der Bestellung per E-Mail verschickt.',
        ],
        [
          'Stornierung',
          'Solange Ihre Bestellung unser Lager nicht verlassen hat, können Sie sie ganz oder teilweise in Ihrem Konto stornieren: Für Storniertes wird nichts belastet. Eine per E-Mail verschickte Geschenkkarte geht nur mit der ganzen Bestellung.',
        ],
        [
          'Rücksendungen und Erstattungen',
          'Ungetragene Artikel können Sie innerhalb von 60 Tagen nach Lieferung mit dem kostenlosen Etikett aus Ihrem Konto zurücksenden. Wir erstatten auf das verwendete Zahlungsmittel, sobald das Paket bei uns ist. Ihre gesetzlichen Rechte bleiben unberührt.',
        ],
      ],
    },
    'loyalty-terms': {
      title: 'Bedingungen des Cairn Club',
      description: 'So funktioniert das Treueprogramm Cairn Club: Beitritt, Punkte, Prämien und Austritt.',
      sections: [
        [
          'Beitritt',
          'Der Cairn Club ist kostenlos. Mitglieder erhalten eine Mitgliedsnummer, sammeln Punkte auf berechtigte Einkäufe und bekommen Angebote für Mitglieder.',
        ],
        [
          'Punkte und Prämien',
          'Punkte werden nach dem Versand gutgeschrieben und bei einer Rücksendung wieder abgezogen. Prämien sind Gutscheine mit eigenem Ablaufdatum; sie können nicht in bar ausgezahlt werden.',
        ],
        ['Austritt', 'Sie können jederzeit in Ihrem Konto austreten; ungenutzte Punkte und Gutscheine verfallen dann.'],
      ],
    },
    'sms-terms': {
      title: 'Bedingungen für SMS',
      description: 'Was Sie mit der Anmeldung zu Cairn-SMS vereinbaren.',
      sections: [
        [
          'Was Sie erhalten',
          'Bis zu vier Marketing-SMS im Monat zu neuer Ausrüstung, Angeboten und Events. Es können Gebühren Ihres Mobilfunkanbieters anfallen.',
        ],
        [
          'Abmelden',
          'Antworten Sie STOP auf eine Nachricht oder deaktivieren Sie SMS in Ihrem Konto, um sofort abzubestellen. Wenn Sie Ihre Telefonnummer löschen, endet das Abonnement ebenfalls.',
        ],
      ],
    },
    'associate-discount-terms': {
      title: 'Bedingungen des Mitarbeiterrabatts',
      description: 'Die Regeln des Cairn-Mitarbeiterrabatts.',
      sections: [
        ['Berechtigte', 'Mitarbeitende von Cairn, für sich und ihren Haushalt, bis zur jährlichen Obergrenze in ihrem Konto.'],
        [
          'Anwendung',
          'Der Rabatt gilt erst nach Annahme dieser Bedingungen, ist nicht mit anderen Angeboten kombinierbar und darf nicht zum Weiterverkauf genutzt werden. Missbrauch kann arbeitsrechtliche Folgen haben.',
        ],
      ],
    },
  },
  it: {
    privacy: {
      title: 'Informativa sulla privacy',
      description: 'Quali dati raccoglie Cairn, perché, per quanto tempo li conserviamo e come esercitare i tuoi diritti.',
      sections: [
        [
          'Cosa raccogliamo',
          'I dati del tuo account (nome, e-mail, telefono, data di nascita se la indichi), i tuoi ordini e indirizzi e ciò che scegli di condividere: interessi, numero di scarpe, iscrizioni. Non conserviamo mai il numero della tua carta: i pagamenti passano dai nostri fornitori di pagamento.',
        ],
        [
          'Perché li usiamo',
          'Per gestire il tuo account e i tuoi ordini, inviarti le e-mail che hai chiesto e, solo con il tuo consenso, personalizzare ciò che vedi. I cookie di analisi sono usati solo se li accetti.',
        ],
        [
          'Per quanto tempo',
          'I dati dell’account finché resta aperto; quelli degli ordini per il periodo richiesto dalla legge; quelli della newsletter fino alla disiscrizione.',
        ],
        [
          'I tuoi diritti',
          'Puoi consultare, correggere, esportare o cancellare i tuoi dati e revocare ogni consenso dal tuo account o scrivendo a privacy@cairn.example. Puoi anche rivolgerti al Garante per la protezione dei dati personali.',
        ],
      ],
    },
    'brand-terms': {
      title: 'Condizioni d’uso',
      description: 'Le condizioni che si applicano al tuo account Cairn e ai tuoi acquisti.',
      sections: [
        [
          'Il tuo account',
          'Non condividere la password e avvisaci subito se pensi che qualcun altro abbia usato il tuo account. Devi avere l’età richiesta nel tuo paese per aprire un account.',
        ],
        [
          'Ordini',
          'Un ordine è accettato quando ne inviamo la conferma. I prezzi includono le imposte indicate al pagamento; un errore di prezzo evidente ci consente di annullare l’ordine e rimborsarti per intero.',
        ],
        ['Resi', 'Puoi restituire gratuitamente gli articoli non indossati entro 60 giorni dalla consegna. I tuoi diritti di legge restano invariati.'],
      ],
    },
    'sale-terms': {
      title: 'Condizioni generali di vendita',
      description: 'Cosa vale quando acquisti da Cairn: prezzi, pagamento, consegna, annullamento, resi e rimborsi.',
      sections: [
        [
          'Prezzi e pagamento',
          'Valgono i prezzi mostrati al momento dell’ordine, con le imposte e le spese di spedizione indicate al pagamento. La carta viene autorizzata all’ordine e addebitata alla spedizione.',
        ],
        [
          'Consegna',
          'Consegniamo agli indirizzi e ai punti di ritiro proposti al pagamento, nei tempi indicati. Le carte regalo digitali vengono inviate per e-mail una volta pagato l’ordine.',
        ],
        [
          'Annullamento',
          'Finché l’ordine non ha lasciato il nostro magazzino puoi annullarlo in tutto o in parte dal tuo account: non paghi nulla per ciò che annulli. Una carta regalo inviata per e-mail si annulla solo con l’intero ordine.',
        ],
        [
          'Resi e rimborsi',
          'Puoi restituire gli articoli non indossati entro 60 giorni dalla consegna con l’etichetta gratuita del tuo account. Rimborsiamo sul metodo di pagamento usato appena il pacco ci arriva. I tuoi diritti di legge non sono toccati.',
        ],
      ],
    },
    'loyalty-terms': {
      title: 'Condizioni del Cairn Club',
      description: 'Come funziona il programma fedeltà Cairn Club: adesione, punti, premi e recesso.',
      sections: [
        ['Adesione', 'Il Cairn Club è gratuito. I membri ricevono un numero di socio, accumulano punti sugli acquisti idonei e ricevono offerte riservate.'],
        [
          'Punti e premi',
          'I punti sono accreditati alla spedizione dell’ordine e tolti in caso di reso. I premi sono buoni con una propria scadenza; non sono convertibili in denaro.',
        ],
        ['Recesso', 'Puoi lasciare il programma in qualsiasi momento dal tuo account; punti e buoni non usati decadono.'],
      ],
    },
    'sms-terms': {
      title: 'Condizioni degli SMS',
      description: 'Che cosa accetti iscrivendoti agli SMS di Cairn.',
      sections: [
        ['Che cosa ricevi', 'Fino a quattro SMS promozionali al mese su novità, offerte ed eventi. Possono essere applicati costi dal tuo operatore.'],
        [
          'Come smettere',
          'Rispondi STOP a qualsiasi messaggio o togli la spunta agli SMS nel tuo account per smettere subito. Cancellare il numero di telefono chiude anche l’iscrizione.',
        ],
      ],
    },
    'associate-discount-terms': {
      title: 'Condizioni dello sconto dipendenti',
      description: 'Le regole dello sconto dipendenti Cairn.',
      sections: [
        ['Chi può usarlo', 'I dipendenti Cairn, per sé e per il proprio nucleo familiare, entro il tetto annuale indicato nel loro account.'],
        [
          'Come si applica',
          'Lo sconto si applica solo dopo l’accettazione di queste condizioni, non è cumulabile con altre offerte e non può essere usato per la rivendita. Gli abusi possono portare a provvedimenti disciplinari.',
        ],
      ],
    },
  },
};

/** A text page's metadata: its title and description for the page and for sharing, at its canonical path. */
export function textPageMetadata(ctx: ContentContext, path: string, copy: { title: string; description: string }): PageDocument['metadata'] {
  return { htmlTitle: copy.title, htmlDescription: copy.description, ogTitle: copy.title, ogDescription: copy.description, canonical: `${ctx.base}/${path}` };
}

export function legalPage(ctx: ContentContext, path: LegalPath): PageDocument {
  const copy = COPY[ctx.lang][path];
  return {
    metadata: textPageMetadata(ctx, path, copy),
    mainContentPadding: true,
    content: {
      sections: [
        {
          name: 'text',
          items: [
            { type: 'RichText', id: `${path}-intro`, title: copy.title, titleH1: true, richText: paragraph(copy.description) },
            ...copy.sections.map(([heading, text], i) => ({ type: 'RichText' as const, id: `${path}-${i + 1}`, title: heading, richText: paragraph(text) })),
          ],
        },
      ],
    },
  };
}

/** A legal page's title in a language: how the footer links it. */
export function legalTitle(lang: Lang, path: LegalPath): string {
  return COPY[lang][path].title;
}

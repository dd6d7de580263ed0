// The help centre (the store services issue, §6): one CMS page per locale gathering what shoppers ask, each
// topic with the way to do it here: track an order, return one, pay, the account and its data, the club.
// The phone and hours are the footer's customer service card, so the two never disagree.

import type { PageDocument, RichTextBlock, Target } from '../../../src/shared/content/blocks.ts';
import type { Lang } from '../../../src/shared/locale/sites.ts';
import type { ContentContext } from './context.ts';
import { paragraph } from './context.ts';
import { textPageMetadata } from './legal.ts';

export const HELP_PATH = 'help';

type Topic = 'orders' | 'returns' | 'payment' | 'account' | 'club';
interface HelpCopy {
  title: string;
  description: string;
  contact: string;
  /** The link to the contact form. */
  write: string;
  topics: Record<Topic, { title: string; text: string; cta: string }>;
}

const COPY: Record<Lang, HelpCopy> = {
  en: {
    title: 'Help centre',
    description: 'Answers to what shoppers ask most, and the quickest way to get each thing done.',
    contact: 'Still stuck? Our customer service team is there for you.',
    write: 'Write to us',
    topics: {
      orders: {
        title: 'Orders and delivery',
        text: 'Follow an order with its number and email, or from the link in your confirmation email. Until it ships you can cancel it from your account.',
        cta: 'Track your order',
      },
      returns: {
        title: 'Returns and refunds',
        text: 'Returns are free within 60 days of delivery: choose the items, print the label, drop the parcel off. We refund the way you paid.',
        cta: 'Start a return',
      },
      payment: {
        title: 'Payment and gift cards',
        text: 'We take cards, PayPal, Klarna and Apple Pay, and gift cards alongside them. Prices, taxes and delivery are in our terms of sale.',
        cta: 'Read the terms of sale',
      },
      account: {
        title: 'Your account and your data',
        text: 'Change your details, addresses and emails from your account, download a copy of your data or delete your account.',
        cta: 'Read the privacy policy',
      },
      club: { title: 'The Cairn Club', text: 'Members earn points on every order and turn them into vouchers. Joining is free.', cta: 'Discover the club' },
    },
  },
  fr: {
    title: 'Centre d’aide',
    description: 'Les réponses aux questions les plus fréquentes, et le moyen le plus rapide d’agir.',
    contact: 'Besoin d’aide ? Notre service client est là pour vous.',
    write: 'Nous écrire',
    topics: {
      orders: {
        title: 'Commandes et livraison',
        text: 'Suivez une commande avec son numéro et votre e-mail, ou depuis le lien de l’e-mail de confirmation. Tant qu’elle n’est pas expédiée, vous pouvez l’annuler depuis votre compte.',
        cta: 'Suivre ma commande',
      },
      returns: {
        title: 'Retours et remboursements',
        text: 'Les retours sont gratuits sous 60 jours après la livraison : choisissez les articles, imprimez l’étiquette, déposez le colis. Nous remboursons sur votre moyen de paiement.',
        cta: 'Retourner un article',
      },
      payment: {
        title: 'Paiement et cartes cadeaux',
        text: 'Nous acceptons les cartes, PayPal, Klarna et Apple Pay, et les cartes cadeaux en complément. Prix, taxes et livraison figurent dans nos conditions de vente.',
        cta: 'Lire les conditions de vente',
      },
      account: {
        title: 'Votre compte et vos données',
        text: 'Modifiez vos informations, adresses et e-mails depuis votre compte, téléchargez une copie de vos données ou supprimez votre compte.',
        cta: 'Lire la politique de confidentialité',
      },
      club: {
        title: 'Le Cairn Club',
        text: 'Les membres gagnent des points à chaque commande et les échangent contre des bons. L’adhésion est gratuite.',
        cta: 'Découvrir le club',
      },
    },
  },
  de: {
    title: 'Hilfe-Center',
    description: 'Antworten auf die häufigsten Fragen und der schnellste Weg zur Erledigung.',
    contact: 'Noch Fragen? Unser Kundenservice ist für Sie da.',
    write: 'Schreiben Sie uns',
    topics: {
      orders: {
        title: 'Bestellungen und Lieferung',
        text: 'Verfolgen Sie eine Bestellung mit Bestellnummer und E-Mail oder über den Link in der Bestätigungs-E-Mail. Bis zum Versand können Sie sie in Ihrem Konto stornieren.',
        cta: 'Bestellung verfolgen',
      },
      returns: {
        title: 'Rücksendungen und Erstattungen',
        text: 'Rücksendungen sind innerhalb von 60 Tagen nach Lieferung kostenlos: Artikel wählen, Etikett drucken, Paket abgeben. Wir erstatten auf Ihr Zahlungsmittel.',
        cta: 'Rücksendung starten',
      },
      payment: {
        title: 'Zahlung und Geschenkkarten',
        text: 'Wir akzeptieren Karten, PayPal, Klarna und Apple Pay, dazu Geschenkkarten. Preise, Steuern und Versand stehen in unseren Verkaufsbedingungen.',
        cta: 'Verkaufsbedingungen lesen',
      },
      account: {
        title: 'Ihr Konto und Ihre Daten',
        text: 'Ändern Sie Daten, Adressen und E-Mails in Ihrem Konto, laden Sie eine Kopie Ihrer Daten herunter oder löschen Sie Ihr Konto.',
        cta: 'Datenschutzerklärung lesen',
      },
      club: {
        title: 'Der Cairn Club',
        text: 'Mitglieder sammeln bei jeder Bestellung Punkte und tauschen sie gegen Gutscheine. Die Mitgliedschaft ist kostenlos.',
        cta: 'Den Club entdecken',
      },
    },
  },
  it: {
    title: 'Centro assistenza',
    description: 'Le risposte alle domande più frequenti e il modo più rapido per fare ogni cosa.',
    contact: 'Serve ancora aiuto? Il nostro servizio clienti è a tua disposizione.',
    write: 'Scrivici',
    topics: {
      orders: {
        title: 'Ordini e consegna',
        text: 'Segui un ordine con il numero e l’e-mail, o dal link nell’e-mail di conferma. Finché non è spedito puoi annullarlo dal tuo account.',
        cta: 'Traccia il tuo ordine',
      },
      returns: {
        title: 'Resi e rimborsi',
        text: 'I resi sono gratuiti entro 60 giorni dalla consegna: scegli gli articoli, stampa l’etichetta, consegna il pacco. Rimborsiamo sul metodo di pagamento usato.',
        cta: 'Avvia un reso',
      },
      payment: {
        title: 'Pagamento e carte regalo',
        text: 'Accettiamo carte, PayPal, Klarna e Apple Pay, e le carte regalo insieme a loro. Prezzi, imposte e consegna sono nelle condizioni di vendita.',
        cta: 'Leggi le condizioni di vendita',
      },
      account: {
        title: 'Il tuo account e i tuoi dati',
        text: 'Modifica dati, indirizzi ed e-mail dal tuo account, scarica una copia dei tuoi dati o elimina l’account.',
        cta: 'Leggi l’informativa sulla privacy',
      },
      club: {
        title: 'Il Cairn Club',
        text: 'I membri guadagnano punti a ogni ordine e li trasformano in buoni. L’iscrizione è gratuita.',
        cta: 'Scopri il club',
      },
    },
  },
};

/** The help centre's title in a language: how the footer links it. */
export function helpTitle(lang: Lang): string {
  return COPY[lang].title;
}

export function helpPage(ctx: ContentContext): PageDocument {
  const copy = COPY[ctx.lang];
  const links: Record<Topic, string> = {
    orders: `${ctx.base}/help/track-order`,
    returns: `${ctx.base}/help/returns/how-to-return`,
    payment: `${ctx.base}/sale-terms`,
    account: `${ctx.base}/privacy`,
    club: `${ctx.base}/loyalty`,
  };
  const topic = (key: Topic): RichTextBlock => {
    const target: Target = { text: copy.topics[key].cta, url: links[key], style: 'link' };
    return {
      type: 'RichText',
      id: `help-${key}`,
      title: copy.topics[key].title,
      richText: paragraph(copy.topics[key].text),
      linkType: 'CTA',
      targets: [target],
    };
  };
  return {
    metadata: textPageMetadata(ctx, HELP_PATH, copy),
    mainContentPadding: true,
    content: {
      sections: [
        {
          name: 'topics',
          items: [
            { type: 'RichText', id: 'help-intro', title: copy.title, titleH1: true, richText: paragraph(copy.description) },
            ...(['orders', 'returns', 'payment', 'account', 'club'] as const).map(topic),
            {
              type: 'RichText',
              id: 'help-contact',
              title: ctx.copy.footer.service.title,
              richText: `${paragraph(copy.contact)}${ctx.copy.footer.service.text}`,
              linkType: 'CTA',
              targets: [{ text: copy.write, url: `${ctx.base}/help/contact-us`, style: 'link' }],
            },
          ],
        },
      ],
    },
  };
}

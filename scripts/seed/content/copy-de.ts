// German marketing copy for de-de, addressing shoppers formally (Sie) as German retail does.

import type { Copy, LocaleFacts } from './copy.ts';

export function deCopy(f: LocaleFacts): Copy {
  const contact = `<p>Rufen Sie uns an unter <strong>${f.phone}</strong>, ${f.hours}.</p>`;
  return {
    home: {
      htmlTitle: 'Cairn | Outdoor-Schuhe und -Bekleidung',
      htmlDescription: `Stiefel, Wanderschuhe und warme Schichten für Trail und Stadt. Kostenloser Versand ab ${f.freeShipping} und 60 Tage kostenlose Rücksendung.`,
      ogTitle: 'Cairn: gemacht für den langen Weg',
      ogDescription: 'Outdoor-Schuhe und -Bekleidung für jede Jahreszeit, gemacht zum Tragen und Reparieren.',
      hero: {
        eyebrow: 'Neue Saison',
        title: 'Gemacht für den langen Weg',
        text: 'Wasserdichte Stiefel, griffige Wanderschuhe und warme Schichten, getestet auf echten Trails.',
        cta: '',
        alt: 'Berggipfel bei Sonnenaufgang über einem Wald',
      },
      shopMen: 'Herren entdecken',
      shopWomen: 'Damen entdecken',
      winter: {
        eyebrow: 'Die Winterauswahl',
        title: 'Bereit für den ersten Schnee',
        text: 'Gefütterte Stiefel und kuscheliges Fleece für kalte Morgen und vereiste Wege.',
        cta: '',
        alt: 'Ein Waldweg im sanften Morgenlicht',
      },
      join: {
        title: 'Werden Sie Mitglied bei Cairn Rewards',
        text: 'Sammeln Sie bei jeder Bestellung Punkte und entdecken Sie Neuheiten zuerst.',
        cta: 'Jetzt beitreten',
        alt: '',
      },
      rewards: {
        title: 'Ihre Prämien warten auf Sie',
        text: 'Sehen Sie Ihren Punktestand ein und lösen Sie ihn an der Kasse ein.',
        cta: 'Meine Prämien',
        alt: '',
      },
      welcome: { title: 'Willkommen zurück', text: 'Entdecken Sie neue Tourentipps und Pflegeratgeber.', cta: 'Zu den Geschichten', alt: '' },
      cardsTitle: 'Nach Kategorie shoppen',
      city: {
        title: 'Vom Trail in die Stadt',
        text: 'Lederschuhe und schlichte Sneaker, die im Büro so gut aussehen wie auf dem Weg.',
        cta: 'Damen-Halbschuhe',
        alt: 'Eine Stadtsilhouette in der Abenddämmerung',
      },
      kids: {
        title: 'Kleine Entdecker',
        text: 'Robuste Stiefel und Sneaker zum schnellen Anziehen, für Kinder, die nie stillstehen.',
        cta: 'Kinder entdecken',
        alt: 'Eine sonnige Wiese mit Bäumen und Wolken',
      },
      ugcTitle: 'Draußen mit Cairn',
      ugcText: 'Eure Fotos mit Cairn-Ausrüstung, auf dem Trail und in der Stadt.',
      trending: 'Gerade beliebt',
      picks: 'Unsere Lieblinge',
      servicesTitle: 'Das Cairn-Versprechen',
      services: [
        { title: 'Kostenlose Rücksendung', text: 'Senden Sie Artikel innerhalb von 60 Tagen kostenlos zurück.' },
        { title: 'Reparaturen ein Leben lang', text: 'Wir besohlen und reparieren unsere Stiefel, damit sie viele Jahre halten.' },
        { title: 'Kostenloser Versand', text: `Für jede Bestellung ab ${f.freeShipping}.` },
        { title: 'Cairn Rewards', text: 'Mitglieder sammeln bei jedem Einkauf Punkte.' },
      ],
    },
    promo: {
      messages: [`Kostenloser Versand ab ${f.freeShipping} Bestellwert`, 'Trail Day 2027: Jetzt Platz sichern', '60 Tage kostenlose Rücksendung'],
      newYear: `Neues Jahr, neue Wege: den ganzen Januar kostenloser Versand ab ${f.freeShipping}`,
    },
    benefits: [`Kostenloser Versand ab ${f.freeShipping}`, '60 Tage kostenlose Rücksendung', 'Lebenslange Reparaturen für Stiefel'],
    stories: {
      htmlTitle: 'Geschichten | Cairn',
      htmlDescription: 'Tourentipps, Pflegeratgeber und Neues aus der Cairn-Community.',
      title: 'Geschichten',
      intro: '<p>Tourentipps, Pflegeratgeber und Neues aus der Cairn-Community.</p>',
      facets: { hiking: 'Wandern', 'gear-care': 'Pflege', community: 'Community', travel: 'Reisen' },
    },
    event: {
      htmlTitle: 'Trail Day 2027 | Cairn',
      htmlDescription: `Zwei Tage geführte Wanderungen, Schuhreparaturen und Vorträge in ${f.venue}, ${f.eventDates}. Eintritt frei, Plätze begrenzt.`,
      hero: {
        eyebrow: 'Cairn Trail Day 2027',
        title: 'Wandern Sie mit uns',
        text: `${f.eventDates} · ${f.venue}`,
        cta: 'Anmelden',
        alt: 'Ein Waldweg im sanften Morgenlicht',
      },
      detailsTitle: 'Zwei Tage auf dem Trail',
      detailsHtml:
        '<p>Freuen Sie sich auf geführte Wanderungen für jedes Niveau, bringen Sie Ihre abgelaufenen Stiefel zu unserer Reparaturwerkstatt und lernen Sie das Team kennen, das Cairn-Produkte entwirft.</p>' +
        '<ul><li><strong>Samstag:</strong> geführte Wanderungen von 5 bis 20 km</li><li><strong>Sonntag:</strong> Reparatur-Workshop und Trailrunning-Kurs</li></ul>' +
        '<p>Der Eintritt ist frei. Die Plätze sind begrenzt, melden Sie sich also unten an.</p>',
      signUpTitle: 'Sichern Sie sich Ihren Platz',
      signUpText: 'Wählen Sie Ihre Tage und bringen Sie gern eine Begleitung mit.',
      submit: 'Anmelden',
      confirmTitle: 'Sie sind angemeldet',
      confirmSubtitle: 'Wir haben Ihnen die Details per E-Mail geschickt. Bis bald auf dem Trail!',
    },
    rewards: {
      htmlTitle: 'Cairn Rewards | Cairn',
      htmlDescription:
        'Werden Sie kostenlos Mitglied bei Cairn Rewards: Sammeln Sie bei jeder Bestellung Punkte, entdecken Sie Neuheiten zuerst und erfahren Sie als Erste vom Trail Day.',
      ogTitle: 'Cairn Rewards: Der lange Weg lohnt sich',
      hero: {
        eyebrow: 'Cairn Rewards',
        title: 'Der lange Weg lohnt sich',
        text: 'Die Mitgliedschaft ist kostenlos. Sammeln Sie bei jeder Bestellung Punkte, entdecken Sie Neuheiten zuerst und erfahren Sie als Erste vom Trail Day.',
        cta: '',
        alt: 'Berggipfel bei Sonnenaufgang über einem Wald',
      },
      howTitle: 'So funktioniert es',
      benefits: [
        {
          title: 'Punkte bei jeder Bestellung',
          text: 'Jede Bestellung als Mitglied bringt Ihnen Punkte, die Sie bei Ihrem nächsten Einkauf an der Kasse einlösen.',
        },
        { title: 'Neuheiten zuerst', text: 'Kaufen Sie neue Kollektionen, bevor sie offiziell erscheinen.' },
        { title: 'Angebote nur für Mitglieder', text: 'Exklusive Angebote, direkt in Ihr E-Mail-Postfach.' },
        { title: 'Trail Day und Events', text: 'Erfahren Sie als Erste vom Trail Day, von geführten Wanderungen und Reparatur-Workshops.' },
      ],
      eventCta: 'Mehr zum Trail Day',
      faqTitle: 'Häufige Fragen',
      faq: [
        {
          title: 'Wie sammle ich Punkte?',
          text: 'Sie erhalten Punkte für jede Bestellung, die Sie aufgeben, während Sie in Ihrem Mitgliedskonto angemeldet sind. Die Punkte werden Ihnen gutgeschrieben, sobald die Bestellung versandt ist. Bei einer Rücksendung ziehen wir die Punkte für die zurückgesandten Artikel wieder ab.',
        },
        {
          title: 'Wie löse ich meine Punkte ein?',
          text: 'Wählen Sie an der Kasse, wie viele Punkte Sie einsetzen möchten. Der Gegenwert wird sofort von Ihrem Bestellbetrag abgezogen.',
        },
        {
          title: 'Verfallen meine Punkte?',
          text: 'Ihre Punkte bleiben 24 Monate nach Ihrer letzten Bestellung gültig. Mit jeder neuen Bestellung verlängert sich also die Gültigkeit Ihres gesamten Punktestands.',
        },
        {
          title: 'Wie werde ich Mitglied?',
          text: 'Die Mitgliedschaft ist kostenlos: Legen Sie ein Cairn-Kundenkonto an oder melden Sie sich in Ihrem bestehenden Konto an und treten Sie Cairn Rewards bei. Ab Ihrer nächsten Bestellung sammeln Sie Punkte.',
        },
      ],
    },
    espots: {
      signIn: {
        title: 'Mitglieder bekommen mehr',
        text: 'Melden Sie sich an: kostenloser Versand für jede Bestellung, Punkte auf alle Einkäufe und früher Zugang zu Neuheiten.',
      },
      account: {
        title: '60 Tage kostenlose Rücksendung',
        text: 'Starten Sie unten eine Rücksendung aus einer gelieferten Bestellung oder verfolgen Sie eine unterwegs.',
      },
      accountProfile: { title: 'Ihre Daten, Ihre Wahl', text: 'Wir nutzen sie für Ihre Bestellungen und, wenn Sie möchten, für Ausrüstung in Ihrer Größe.' },
      contactUs: { title: 'Schneller per Telefon?', text: 'Rufen Sie unseren Kundenservice von Montag bis Freitag an. Halten Sie Ihre Bestellnummer bereit.' },
      storeLocator: {
        title: 'Kostenloser Reparatur-Check in jeder Filiale',
        text: 'Bringen Sie Ihre Cairn-Schuhe in jede Filiale: Wir prüfen sie kostenlos und nennen Ihnen sofort den Preis für eine neue Sohle.',
      },
      basecamp: { title: 'Basislager', text: 'Tourentipps, Schuhpflege und der Trail Day: alles für Mitglieder an einem Ort.' },
      loyalty: {
        title: 'Punkte bei jeder Bestellung',
        text: 'Sammeln Sie einen Punkt pro ausgegebenem Euro, tauschen Sie Punkte gegen Gutscheine und entdecken Sie Neuheiten vor allen anderen.',
      },
      signUp: {
        title: 'Werden Sie Teil von Cairn',
        text: 'Verfolgen Sie Bestellungen, speichern Sie Favoriten und treten Sie dem Cairn Club bei: Punkte und Angebote für Mitglieder.',
      },
      shipping: { title: `Kostenloser Versand ab ${f.freeShipping}`, text: 'Und 60 Tage kostenlose Rücksendung.' },
      returns: { title: '60 Tage kostenlose Rücksendung', text: 'Zu Hause anprobieren und zurücksenden, wenn es nicht passt.' },
      help: { title: 'Können wir helfen?', text: contact },
      checkout: { title: 'Sicher bezahlen', text: `<p>Ihre Zahlungsdaten werden verschlüsselt übertragen.</p>${contact}` },
      giftCard: { title: 'In wenigen Minuten da', text: 'Geschenkkarten kommen am gewünschten Tag per E-Mail und verfallen nie.' },
      promotions: { title: 'Punkte auch im Sale', text: 'Mitglieder im Cairn Club sammeln Punkte auf jeden Einkauf, auch auf reduzierte Artikel.' },
      search: { title: 'Nicht gefunden?', text: 'Versuchen Sie weniger oder andere Wörter, oder stöbern Sie unten in unseren Abteilungen.' },
      repairs: {
        title: 'Reparaturen ein Leben lang',
        text: '<p>Bringen Sie Ihre Cairn-Stiefel in eine unserer Filialen: Wir besohlen und reparieren sie, solange Sie sie tragen.</p>',
      },
      errorTitle: 'Diese Seite gibt es nicht',
      errorHtml: `<p>Die Seite wurde möglicherweise verschoben oder existiert nicht mehr. Besuchen Sie eine unserer Abteilungen oder <a href="${f.base}/search">durchsuchen Sie den Shop</a>.</p>`,
    },
    menu: {
      men: {
        title: 'Stiefel, die Jahre halten',
        text: 'Neu besohlbares Leder und wasserdichte Membranen.',
        cta: 'Herrenstiefel',
        alt: 'Ein Waldweg im sanften Morgenlicht',
      },
      women: {
        title: 'Leicht auf dem Trail',
        text: 'Wanderschuhe mit starkem Grip, die schnell trocknen.',
        cta: 'Damen-Wanderschuhe',
        alt: 'Berggipfel bei Sonnenaufgang über einem Wald',
      },
      footwearTitle: 'Herrenschuhe',
      sale: 'Sale',
    },
    footer: {
      help: 'Hilfe',
      legal: 'Rechtliches',
      company: 'Unternehmen',
      rewards: 'Cairn Rewards',
      service: { title: 'Kundenservice', text: `<p><strong>${f.phone}</strong></p><p>${f.hours}</p>` },
      returns: {
        title: 'Rücksendungen',
        text: 'Kostenlose Rücksendung innerhalb von 60 Tagen nach Lieferung.',
        cta: 'So funktioniert die Rücksendung',
        alt: '',
      },
      search: { title: 'Produkt finden', text: 'Suchen Sie nach Name, Farbe oder Kategorie.', cta: 'Shop durchsuchen', alt: '' },
      track: { title: 'Bestellung verfolgen', text: 'Mit Bestellnummer und E-Mail-Adresse.', cta: 'Bestellung verfolgen', alt: '' },
      about: { title: 'Über Cairn', text: '<p>Outdoor-Schuhe und -Bekleidung, gemacht, um lange getragen und repariert statt ersetzt zu werden.</p>' },
      stories: { title: 'Geschichten', text: 'Tourentipps und Pflegeratgeber.', cta: 'Zu den Geschichten', alt: '' },
      event: { title: 'Trail Day 2027', text: `${f.eventDates}, ${f.venue}.`, cta: 'Anmelden', alt: '' },
      points: { title: 'Punkte sammeln', text: '<p>Mitglieder sammeln bei jeder Bestellung Punkte und entdecken Neuheiten zuerst.</p>' },
      giftCards: { title: 'Geschenkkarten', text: 'Passt immer.', cta: 'Geschenkkarten ansehen', alt: '' },
    },
    popup: {
      minimizedTitle: 'Immer auf dem Laufenden',
      maximizedTitle: 'Abonnieren Sie den Cairn-Newsletter',
      disclaimer: 'Mit Ihrer Anmeldung stimmen Sie zu, Marketing-E-Mails von Cairn zu erhalten. Sie können sich jederzeit abmelden.',
      title: 'Neues vom Trail',
      text: '<p>Erfahren Sie als Erste von neuen Produkten, Trail-Day-Events und Angeboten für Mitglieder.</p>',
    },
  };
}

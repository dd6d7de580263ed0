// Italian marketing copy for it-it, addressing shoppers informally (tu) as Italian sports retail does.

import type { Copy, LocaleFacts } from './copy.ts';

export function itCopy(f: LocaleFacts): Copy {
  const contact = `<p>Chiamaci al <strong>${f.phone}</strong>, ${f.hours}.</p>`;
  return {
    home: {
      htmlTitle: 'Cairn | Calzature e abbigliamento outdoor',
      htmlDescription: `Stivali, scarponi da trekking e strati caldi per il sentiero e la città. Spedizione gratuita da ${f.freeShipping} e reso gratuito entro 60 giorni.`,
      ogTitle: 'Cairn: fatti per la strada più lunga',
      ogDescription: 'Calzature e abbigliamento outdoor per ogni stagione, fatti per durare e per essere riparati.',
      hero: {
        eyebrow: 'Nuova stagione',
        title: 'Fatti per la strada più lunga',
        text: 'Stivali impermeabili, scarponi con grip eccellente e strati caldi, testati su sentieri veri.',
        cta: '',
        alt: "Cime all'alba sopra un bosco",
      },
      shopMen: 'Scopri Uomo',
      shopWomen: 'Scopri Donna',
      winter: {
        eyebrow: 'La selezione invernale',
        title: 'Pronti per la prima neve',
        text: 'Stivali imbottiti e pile morbidi per le mattine fredde e i sentieri ghiacciati.',
        cta: '',
        alt: 'Un sentiero nel bosco nella luce tenue del mattino',
      },
      join: { title: 'Entra in Cairn Rewards', text: 'Accumula punti con ogni ordine e scopri le novità in anteprima.', cta: 'Iscriviti ora', alt: '' },
      rewards: { title: 'I tuoi premi ti aspettano', text: 'Controlla il tuo saldo punti e usalo al momento del pagamento.', cta: 'I miei premi', alt: '' },
      welcome: {
        title: 'Bentornato',
        text: 'Scopri le nuove guide ai sentieri e i consigli per la cura dei prodotti.',
        cta: 'Leggi le nostre storie',
        alt: '',
      },
      cardsTitle: 'Acquista per categoria',
      city: {
        title: 'Dal sentiero alla città',
        text: 'Scarpe in pelle e sneaker essenziali, perfette in ufficio come sul sentiero.',
        cta: 'Scarpe donna',
        alt: 'Il profilo di una città al tramonto',
      },
      kids: {
        title: 'Piccoli esploratori',
        text: 'Stivali e sneaker resistenti e facili da indossare, per bambini che non stanno mai fermi.',
        cta: 'Scopri Bambini',
        alt: 'Un prato soleggiato con alberi e nuvole',
      },
      ugcTitle: 'Fuori con Cairn',
      ugcText: 'Le vostre foto con l’attrezzatura Cairn, sui sentieri e in città.',
      trending: 'Di tendenza',
      picks: 'I nostri preferiti',
      servicesTitle: 'La promessa Cairn',
      services: [
        { title: 'Reso gratuito', text: 'Restituisci i tuoi articoli entro 60 giorni, senza costi.' },
        { title: 'Riparazioni a vita', text: 'Risuoliamo e ripariamo i nostri stivali perché durino per anni.' },
        { title: 'Spedizione gratuita', text: `Su tutti gli ordini da ${f.freeShipping}.` },
        { title: 'Cairn Rewards', text: 'I membri accumulano punti con ogni acquisto.' },
      ],
    },
    promo: {
      messages: [`Spedizione gratuita per ordini da ${f.freeShipping}`, 'Trail Day 2027: prenota il tuo posto', 'Reso gratuito entro 60 giorni'],
      newYear: `Anno nuovo, sentieri nuovi: spedizione gratuita da ${f.freeShipping} per tutto gennaio`,
    },
    benefits: [`Spedizione gratuita da ${f.freeShipping}`, 'Reso gratuito entro 60 giorni', 'Riparazioni a vita per gli stivali'],
    stories: {
      htmlTitle: 'Storie | Cairn',
      htmlDescription: 'Guide ai sentieri, consigli per la cura dei prodotti e notizie dalla community Cairn.',
      title: 'Storie',
      intro: '<p>Guide ai sentieri, consigli per la cura dei prodotti e notizie dalla community Cairn.</p>',
      facets: { hiking: 'Trekking', 'gear-care': 'Cura dei prodotti', community: 'Community', travel: 'Viaggi' },
    },
    event: {
      htmlTitle: 'Trail Day 2027 | Cairn',
      htmlDescription: `Due giorni di escursioni guidate, riparazioni e incontri a ${f.venue}, ${f.eventDates}. Ingresso libero, posti limitati.`,
      hero: {
        eyebrow: 'Cairn Trail Day 2027',
        title: 'Cammina con noi',
        text: `${f.eventDates} · ${f.venue}`,
        cta: 'Iscriviti',
        alt: 'Un sentiero nel bosco nella luce tenue del mattino',
      },
      detailsTitle: 'Due giorni sui sentieri',
      detailsHtml:
        '<p>Partecipa a escursioni guidate per tutti i livelli, porta i tuoi stivali consumati al nostro banco riparazioni e incontra chi progetta i prodotti Cairn.</p>' +
        '<ul><li><strong>Sabato:</strong> escursioni guidate da 5 a 20 km</li><li><strong>Domenica:</strong> laboratorio di riparazione e corso di trail running</li></ul>' +
        '<p>Ingresso libero. I posti sono limitati: iscriviti qui sotto.</p>',
      signUpTitle: 'Prenota il tuo posto',
      signUpText: 'Scegli i giorni e porta un amico.',
      submit: 'Iscriviti',
      confirmTitle: 'Sei iscritto',
      confirmSubtitle: 'Ti abbiamo inviato i dettagli via e-mail. Ci vediamo sul sentiero!',
    },
    rewards: {
      htmlTitle: 'Cairn Rewards | Cairn',
      htmlDescription:
        'Iscriviti gratis a Cairn Rewards: accumula punti con ogni ordine, scopri le novità in anteprima e sii tra i primi a sapere del Trail Day.',
      ogTitle: 'Cairn Rewards: ogni passo conta',
      hero: {
        eyebrow: 'Cairn Rewards',
        title: 'Ogni passo conta',
        text: "L'iscrizione è gratuita. Accumula punti con ogni ordine, scopri le novità in anteprima e sii tra i primi a sapere del Trail Day.",
        cta: '',
        alt: "Cime all'alba sopra un bosco",
      },
      howTitle: 'Come funziona',
      benefits: [
        { title: 'Punti con ogni ordine', text: 'Ogni ordine da membro ti fa guadagnare punti, da usare al pagamento del tuo prossimo acquisto.' },
        { title: 'Novità in anteprima', text: 'Acquista le nuove collezioni prima del lancio ufficiale.' },
        { title: 'Offerte riservate ai membri', text: 'Offerte esclusive, direttamente nella tua casella e-mail.' },
        { title: 'Trail Day ed eventi', text: 'Sii tra i primi a sapere del Trail Day, delle escursioni guidate e dei laboratori di riparazione.' },
      ],
      eventCta: 'Scopri il Trail Day',
      faqTitle: 'Domande frequenti',
      faq: [
        {
          title: 'Come accumulo i punti?',
          text: "Guadagni punti con ogni ordine effettuato dopo aver eseguito l'accesso al tuo account membro. I punti vengono accreditati sul tuo saldo alla spedizione dell'ordine; se restituisci un articolo, i punti corrispondenti vengono stornati.",
        },
        {
          title: 'Come uso i miei punti?',
          text: "Al momento del pagamento, scegli quanti punti utilizzare: il loro valore viene scalato subito dal totale dell'ordine.",
        },
        {
          title: 'I punti scadono?',
          text: 'I tuoi punti restano validi per 24 mesi dal tuo ultimo ordine: ogni nuovo ordine rinnova quindi la validità di tutto il saldo.',
        },
        {
          title: 'Come mi iscrivo?',
          text: "L'iscrizione è gratuita: crea un account Cairn, o accedi al tuo, e aderisci a Cairn Rewards. Inizi ad accumulare punti dal tuo prossimo ordine.",
        },
      ],
    },
    espots: {
      signIn: {
        title: 'I soci ricevono di più',
        text: 'Accedi per la spedizione gratuita su ogni ordine, punti su tutti gli acquisti e accesso anticipato alle novità.',
      },
      account: { title: 'Resi gratuiti per 60 giorni', text: 'Avvia un reso da un ordine consegnato qui sotto, o segui quello in arrivo.' },
      accountProfile: { title: 'I tuoi dati, le tue scelte', text: 'Li usiamo per i tuoi ordini e, se vuoi, per proporti attrezzatura della tua taglia.' },
      contactUs: {
        title: 'Più veloce al telefono?',
        text: 'Chiama il nostro servizio clienti dal lunedì al venerdì. Tieni a portata di mano il numero d’ordine.',
      },
      storeLocator: {
        title: 'Controllo riparazioni gratuito in ogni negozio',
        text: 'Porta le tue scarpe Cairn in qualsiasi negozio: le controlliamo gratis e ti diciamo subito quanto costa risuolarle.',
      },
      basecamp: { title: 'Campo base', text: 'Guide per i sentieri, cura delle scarpe e Trail Day: tutto per i membri in un unico posto.' },
      loyalty: { title: 'Punti a ogni ordine', text: 'Guadagna un punto per ogni euro speso, trasforma i punti in buoni e scopri le novità in anteprima.' },
      signUp: { title: 'Unisciti a Cairn', text: 'Segui i tuoi ordini, salva i preferiti e unisciti al Cairn Club per punti e offerte riservate.' },
      shipping: { title: `Spedizione gratuita da ${f.freeShipping}`, text: 'E reso gratuito entro 60 giorni.' },
      returns: { title: 'Reso gratuito entro 60 giorni', text: 'Provalo a casa e restituiscilo se la taglia non va bene.' },
      help: { title: 'Serve aiuto?', text: contact },
      checkout: { title: 'Pagamento sicuro', text: `<p>I tuoi dati di pagamento sono crittografati.</p>${contact}` },
      giftCard: { title: 'Consegnata in pochi minuti', text: 'La carta regalo arriva via e-mail nel giorno scelto e non scade mai.' },
      promotions: { title: 'Punti anche sui saldi', text: 'I membri del Cairn Club guadagnano punti su tutti gli acquisti, saldi compresi.' },
      search: { title: 'Non lo trovi?', text: 'Prova con meno parole o con parole diverse, oppure sfoglia i reparti qui sotto.' },
      repairs: {
        title: 'Riparazioni a vita',
        text: '<p>Porta i tuoi stivali Cairn in uno dei nostri negozi: li risuoliamo e ripariamo per tutto il tempo in cui li indossi.</p>',
      },
      errorTitle: 'Pagina non trovata',
      errorHtml: `<p>La pagina potrebbe essere stata spostata o non esistere più. Prova uno dei nostri reparti oppure <a href="${f.base}/search">cerca nel negozio</a>.</p>`,
    },
    menu: {
      men: {
        title: 'Stivali fatti per durare',
        text: 'Pelle risuolabile e membrane impermeabili.',
        cta: 'Stivali uomo',
        alt: 'Un sentiero nel bosco nella luce tenue del mattino',
      },
      women: {
        title: 'Leggera sul sentiero',
        text: 'Scarponi con ottimo grip che si asciugano in fretta.',
        cta: 'Trekking donna',
        alt: "Cime all'alba sopra un bosco",
      },
      footwearTitle: 'Calzature uomo',
      sale: 'Saldi',
    },
    footer: {
      help: 'Assistenza',
      legal: 'Note legali',
      company: 'Azienda',
      rewards: 'Cairn Rewards',
      service: { title: 'Servizio clienti', text: `<p><strong>${f.phone}</strong></p><p>${f.hours}</p>` },
      returns: { title: 'Resi', text: 'Reso gratuito entro 60 giorni dalla consegna.', cta: 'Come effettuare un reso', alt: '' },
      search: { title: 'Trova un prodotto', text: 'Cerca per nome, colore o categoria.', cta: 'Cerca nel negozio', alt: '' },
      track: { title: 'Traccia il tuo ordine', text: 'Con il numero d’ordine e l’e-mail.', cta: 'Traccia un ordine', alt: '' },
      about: { title: 'Chi è Cairn', text: '<p>Calzature e abbigliamento outdoor, pensati per essere usati a lungo e riparati invece che sostituiti.</p>' },
      stories: { title: 'Storie', text: 'Guide ai sentieri e consigli per la cura dei prodotti.', cta: 'Leggi le nostre storie', alt: '' },
      event: { title: 'Trail Day 2027', text: `${f.eventDates}, ${f.venue}.`, cta: 'Iscriviti', alt: '' },
      points: { title: 'Accumula punti', text: '<p>I membri accumulano punti con ogni ordine e scoprono le novità in anteprima.</p>' },
      giftCards: { title: 'Carte regalo', text: 'La taglia giusta, sempre.', cta: 'Scopri le carte regalo', alt: '' },
    },
    popup: {
      minimizedTitle: 'Resta aggiornato',
      maximizedTitle: 'Iscriviti alla newsletter Cairn',
      disclaimer: 'Iscrivendoti accetti di ricevere e-mail promozionali da Cairn. Puoi annullare l’iscrizione in qualsiasi momento.',
      title: 'Notizie dai sentieri',
      text: '<p>Scopri per primo i nuovi prodotti, gli eventi Trail Day e le offerte riservate ai membri.</p>',
    },
  };
}

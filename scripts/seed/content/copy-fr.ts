// French marketing copy; fr-ca keeps Quebec usage (courriel, infolettre) where it differs from fr-fr.

import type { Copy, LocaleFacts } from './copy.ts';

export function frCopy(f: LocaleFacts): Copy {
  const ca = f.base === '/fr-ca';
  const email = ca ? 'courriel' : 'e-mail';
  const newsletter = ca ? "l'infolettre" : 'la newsletter';
  const contact = `<p>Appelez-nous au <strong>${f.phone}</strong>, ${f.hours}.</p>`;
  return {
    home: {
      htmlTitle: 'Cairn | Chaussures et vêtements outdoor',
      htmlDescription: `Bottes, chaussures de randonnée et couches chaudes pour le sentier comme pour la ville. Livraison gratuite dès ${f.freeShipping} et retours gratuits sous 60 jours.`,
      ogTitle: 'Cairn : faits pour prendre le chemin des écoliers',
      ogDescription: 'Chaussures et vêtements outdoor pour toutes les saisons, faits pour durer et être réparés.',
      hero: {
        eyebrow: 'Nouvelle saison',
        title: 'Faits pour prendre le chemin des écoliers',
        text: 'Bottes imperméables, chaussures de randonnée adhérentes et couches chaudes, testées sur de vrais sentiers.',
        cta: '',
        alt: "Sommets au lever du soleil au-dessus d'une forêt",
      },
      shopMen: 'Homme',
      shopWomen: 'Femme',
      winter: {
        eyebrow: "La sélection d'hiver",
        title: 'Prêts pour la première neige',
        text: 'Bottes isolées et polaires douillettes pour les matins froids et les chemins verglacés.',
        cta: '',
        alt: 'Un sentier forestier dans la douce lumière du matin',
      },
      join: {
        title: 'Rejoignez Cairn Rewards',
        text: 'Cumulez des points à chaque commande et découvrez les nouveautés en avant-première.',
        cta: "J'adhère",
        alt: '',
      },
      rewards: {
        title: 'Vos récompenses vous attendent',
        text: 'Consultez votre solde de points et utilisez-le au paiement.',
        cta: 'Voir mes récompenses',
        alt: '',
      },
      welcome: {
        title: 'Bon retour parmi nous',
        text: "Découvrez nos nouveaux guides de randonnée et conseils d'entretien.",
        cta: 'Lire nos histoires',
        alt: '',
      },
      cardsTitle: 'Acheter par catégorie',
      city: {
        title: 'Du sentier à la ville',
        text: 'Chaussures en cuir et baskets épurées, aussi à l’aise au bureau que sur le chemin.',
        cta: 'Chaussures femme',
        alt: 'Une ville au crépuscule',
      },
      kids: {
        title: 'Petits explorateurs',
        text: 'Des bottes et des baskets robustes, faciles à enfiler, pour les enfants qui ne tiennent pas en place.',
        cta: 'Voir la collection enfant',
        alt: 'Une prairie ensoleillée avec des arbres et des nuages',
      },
      ugcTitle: 'Dehors avec Cairn',
      ugcText: 'Vos photos avec votre équipement Cairn, sur les sentiers comme en ville.',
      trending: 'Tendances du moment',
      picks: 'Nos coups de cœur',
      servicesTitle: 'La promesse Cairn',
      services: [
        { title: 'Retours gratuits', text: 'Retournez vos articles sous 60 jours, sans frais.' },
        { title: 'Réparations à vie', text: 'Nous ressemelons et réparons nos bottes pour qu’elles durent des années.' },
        { title: 'Livraison gratuite', text: `Pour toute commande dès ${f.freeShipping}.` },
        { title: 'Cairn Rewards', text: 'Les membres cumulent des points à chaque achat.' },
      ],
    },
    promo: {
      messages: [`Livraison gratuite dès ${f.freeShipping} d'achat`, 'Trail Day 2027 : réservez votre place', 'Retours gratuits sous 60 jours'],
      newYear: `Nouvelle année, nouveaux sentiers : livraison gratuite dès ${f.freeShipping} tout le mois de janvier`,
    },
    benefits: [`Livraison gratuite dès ${f.freeShipping}`, 'Retours gratuits sous 60 jours', 'Réparations à vie sur les bottes'],
    stories: {
      htmlTitle: 'Histoires | Cairn',
      htmlDescription: "Guides de randonnée, conseils d'entretien et nouvelles de la communauté Cairn.",
      title: 'Histoires',
      intro: "<p>Guides de randonnée, conseils d'entretien et nouvelles de la communauté Cairn.</p>",
      facets: { hiking: 'Randonnée', 'gear-care': 'Entretien', community: 'Communauté', travel: 'Voyage' },
    },
    event: {
      htmlTitle: 'Trail Day 2027 | Cairn',
      htmlDescription: `Deux jours de randonnées guidées, de réparations et de rencontres à ${f.venue}, les ${f.eventDates}. Entrée libre, places limitées.`,
      hero: {
        eyebrow: 'Cairn Trail Day 2027',
        title: 'Marchez avec nous',
        text: `${f.eventDates} · ${f.venue}`,
        cta: "Je m'inscris",
        alt: 'Un sentier forestier dans la douce lumière du matin',
      },
      detailsTitle: 'Deux jours sur les sentiers',
      detailsHtml:
        "<p>Participez à des randonnées guidées pour tous les niveaux, apportez vos bottes usées à notre atelier de réparation et rencontrez l'équipe qui conçoit les produits Cairn.</p>" +
        '<ul><li><strong>Samedi :</strong> randonnées guidées de 5 à 20 km</li><li><strong>Dimanche :</strong> atelier de réparation et initiation au trail</li></ul>' +
        '<p>Entrée libre. Les places sont limitées : inscrivez-vous ci-dessous.</p>',
      signUpTitle: 'Réservez votre place',
      signUpText: 'Choisissez vos jours et venez accompagné.',
      submit: "Je m'inscris",
      confirmTitle: 'Vous êtes inscrit',
      confirmSubtitle: `Nous vous avons envoyé les détails par ${email}. À bientôt sur les sentiers !`,
    },
    rewards: {
      htmlTitle: 'Cairn Rewards | Cairn',
      htmlDescription:
        'Adhérez gratuitement à Cairn Rewards : cumulez des points à chaque commande, découvrez les nouveautés en avant-première et soyez les premiers informés du Trail Day.',
      ogTitle: 'Cairn Rewards : chaque pas compte',
      hero: {
        eyebrow: 'Cairn Rewards',
        title: 'Chaque pas compte',
        text: "L'adhésion est gratuite. Cumulez des points à chaque commande, découvrez les nouveautés en avant-première et soyez les premiers informés du Trail Day.",
        cta: '',
        alt: "Sommets au lever du soleil au-dessus d'une forêt",
      },
      howTitle: 'Comment ça marche',
      benefits: [
        {
          title: 'Des points à chaque commande',
          text: 'Chaque commande passée en tant que membre vous rapporte des points, à utiliser lors de votre prochain achat.',
        },
        { title: 'Les nouveautés en avant-première', text: 'Accédez aux nouvelles collections avant leur sortie officielle.' },
        { title: 'Des offres réservées aux membres', text: `Des offres exclusives, envoyées directement par ${email}.` },
        {
          title: 'Trail Day et événements',
          text: 'Soyez les premiers informés du Trail Day, de nos randonnées guidées et de nos ateliers de réparation.',
        },
      ],
      eventCta: 'Découvrir le Trail Day',
      faqTitle: 'Questions fréquentes',
      faq: [
        {
          title: 'Comment cumuler des points ?',
          text: "Vous cumulez des points sur chaque commande passée en étant connecté à votre compte membre. Ils sont crédités sur votre solde dès l'expédition de la commande. En cas de retour, les points correspondants sont retirés.",
        },
        {
          title: 'Comment utiliser mes points ?',
          text: 'Au moment du paiement, choisissez le nombre de points à utiliser : leur valeur est aussitôt déduite du total de votre commande.',
        },
        {
          title: 'Mes points expirent-ils ?',
          text: 'Vos points restent valables 24 mois après votre dernière commande : chaque nouvelle commande prolonge donc la validité de tout votre solde.',
        },
        {
          title: 'Comment adhérer ?',
          text: "L'adhésion est gratuite : créez votre compte Cairn, ou connectez-vous au vôtre, puis inscrivez-vous à Cairn Rewards. Vous cumulez des points dès votre prochaine commande.",
        },
      ],
    },
    espots: {
      signIn: {
        title: 'Les membres en profitent plus',
        text: 'Connectez-vous pour la livraison gratuite sur chaque commande, des points sur tous vos achats et un accès anticipé aux nouveautés.',
      },
      account: {
        title: 'Retours gratuits pendant 60 jours',
        text: 'Lancez un retour depuis une commande livrée ci-dessous, ou suivez celle qui est en route.',
      },
      accountProfile: {
        title: 'Vos informations, vos choix',
        text: 'Elles servent à vos commandes et, si vous le souhaitez, à vous proposer du matériel à votre taille.',
      },
      contactUs: {
        title: 'Plus rapide par téléphone ?',
        text: 'Appelez notre service client du lundi au vendredi. Gardez votre numéro de commande à portée de main.',
      },
      storeLocator: {
        title: 'Diagnostic réparation gratuit en magasin',
        text: 'Apportez vos chaussures Cairn dans n’importe quel magasin : nous les examinons gratuitement et chiffrons le ressemelage sur place.',
      },
      basecamp: { title: 'Camp de base', text: 'Guides de randonnée, entretien des chaussures et Trail Day : tout pour les membres au même endroit.' },
      loyalty: {
        title: 'Des points à chaque commande',
        text: 'Gagnez un point par euro dépensé, échangez vos points contre des bons d’achat et découvrez les nouveautés en avant-première.',
      },
      signUp: {
        title: 'Rejoignez Cairn',
        text: 'Suivez vos commandes, gardez vos favoris et rejoignez le Cairn Club pour cumuler des points et profiter d’offres membres.',
      },
      shipping: { title: `Livraison gratuite dès ${f.freeShipping}`, text: 'Et retours gratuits sous 60 jours.' },
      returns: { title: 'Retours gratuits sous 60 jours', text: 'Essayez chez vous et renvoyez si la taille ne convient pas.' },
      help: { title: "Besoin d'aide ?", text: contact },
      checkout: { title: 'Paiement sécurisé', text: `<p>Vos données de paiement sont chiffrées.</p>${contact}` },
      giftCard: { title: 'Livrée en quelques minutes', text: 'La carte cadeau arrive par e-mail le jour choisi et n’expire jamais.' },
      promotions: { title: 'Des points même en soldes', text: 'Les membres du Cairn Club gagnent des points sur tous leurs achats, soldes compris.' },
      search: { title: 'Vous ne trouvez pas ?', text: 'Essayez moins de mots ou d’autres mots, ou parcourez nos rayons ci-dessous.' },
      repairs: {
        title: 'Réparations à vie',
        text: '<p>Apportez vos bottes Cairn dans l’un de nos magasins : nous les ressemelons et les réparons aussi longtemps que vous les portez.</p>',
      },
      errorTitle: 'Page introuvable',
      errorHtml: `<p>Cette page a peut-être été déplacée ou n'existe plus. Essayez l'un de nos rayons ou <a href="${f.base}/search">lancez une recherche</a>.</p>`,
    },
    menu: {
      men: {
        title: 'Des bottes faites pour durer',
        text: 'Cuir ressemelable et membranes imperméables.',
        cta: 'Bottes homme',
        alt: 'Un sentier forestier dans la douce lumière du matin',
      },
      women: {
        title: 'Légère sur le sentier',
        text: 'Des chaussures de randonnée adhérentes qui sèchent vite.',
        cta: 'Randonnée femme',
        alt: "Sommets au lever du soleil au-dessus d'une forêt",
      },
      footwearTitle: 'Chaussures homme',
      sale: 'Soldes',
    },
    footer: {
      help: 'Aide',
      legal: 'Informations légales',
      company: 'Entreprise',
      rewards: 'Cairn Rewards',
      service: { title: 'Service client', text: `<p><strong>${f.phone}</strong></p><p>${f.hours}</p>` },
      returns: { title: 'Retours', text: 'Retours gratuits sous 60 jours après la livraison.', cta: 'Comment retourner un article', alt: '' },
      search: { title: 'Trouver un produit', text: 'Recherchez par nom, couleur ou catégorie.', cta: 'Rechercher', alt: '' },
      track: { title: 'Suivre votre commande', text: 'Avec votre numéro de commande et votre e-mail.', cta: 'Suivre une commande', alt: '' },
      about: { title: 'À propos de Cairn', text: '<p>Chaussures et vêtements outdoor, conçus pour être portés longtemps et réparés plutôt que remplacés.</p>' },
      stories: { title: 'Histoires', text: "Guides de randonnée et conseils d'entretien.", cta: 'Lire nos histoires', alt: '' },
      event: { title: 'Trail Day 2027', text: `${f.eventDates}, ${f.venue}.`, cta: "Je m'inscris", alt: '' },
      points: { title: 'Cumulez des points', text: '<p>Les membres cumulent des points à chaque commande et découvrent les nouveautés en avant-première.</p>' },
      giftCards: { title: 'Cartes cadeaux', text: 'La bonne taille, à tous les coups.', cta: 'Offrir une carte cadeau', alt: '' },
    },
    popup: {
      minimizedTitle: 'Restez informé',
      maximizedTitle: `Abonnez-vous à ${newsletter} Cairn`,
      disclaimer: `En vous inscrivant, vous acceptez de recevoir des ${email}s marketing de Cairn. Vous pouvez vous désabonner à tout moment.`,
      title: 'Des nouvelles des sentiers',
      text: '<p>Soyez les premiers informés des nouveautés, des événements Trail Day et des offres réservées aux membres.</p>',
    },
  };
}

/**
 * French copy of the second factor's sign-in step and enrolment (issue 42), apart from
 * `messages.ts`: it loads with the step, not with the sign-in page.
 */
export const secondFactorMessages = {
  secondFactorTitle: 'Vérification en deux étapes',
  secondFactorPrompt:
    "Saisissez le code à 6 chiffres affiché par votre application d'authentification.",
  secondFactorCode: 'Code à 6 chiffres',
  secondFactorCodeOrRecovery: 'Code de vérification',
  secondFactorCodeHint: 'Les 6 chiffres de votre application, ou un code de secours.',
  secondFactorVerify: 'Vérifier',
  secondFactorEnrolTitle: 'Activez la vérification en deux étapes',
  secondFactorEnrolRequired:
    'Votre profil exige une vérification en deux étapes : activez-la pour accéder au portail.',
  secondFactorEnrolStart: 'Commencer',
  secondFactorActivate: 'Activer',
  secondFactorScan:
    "Scannez ce QR code avec votre application d'authentification (Google Authenticator, Microsoft Authenticator, FreeOTP…).",
  secondFactorQrAlt: "QR code à scanner avec votre application d'authentification",
  secondFactorManual: 'Ou saisissez cette clé dans votre application :',
  recoveryCodesTitle: 'Codes de secours',
  recoveryCodesText:
    'Notez ces codes et gardez-les en lieu sûr : chacun permet une connexion sans votre téléphone, une seule fois. Ils ne seront plus affichés.',
  continue: 'Continuer',
  backToPassword: 'Revenir au mot de passe',
} as const;

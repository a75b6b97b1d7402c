/** French copy of the sign-in area, verbatim from the specification (part 1 §5 and §8). */
export const messages = {
  versionLabel: 'v1.0.17',
  required: 'Ce champ est obligatoire.',
  invalidEmail: "Cette valeur n'est pas une adresse email valide.",
  passwordPolicy:
    'Ce champ doit contenir au moins 8 caractères, 1 majuscule, 1 minuscule et 1 chiffre.',
  passwordMismatch: 'Le mot de passe doit correspondre.',
  systemProblem: 'Authentication request could not be processed due to a system problem.',
  resetRequestSent: 'Lien de réinitialisation du mot de passe envoyé par mail.',
  errorPrefix: 'Une erreur est survenue : ',
  resetFailed:
    'Une erreur est survenue, le lien est peut-être expiré, veuillez recommencer la procédure.',
  resetDone:
    'Votre mot de passe à bien été modifié. Vous allez être redirigé sur la page de connexion.',
  suspendedTitle: 'Compte suspendu',
  suspendedText: (email: string) =>
    `Votre compte est temporairement suspendu. Veuillez contacter le support par e-mail à l'adresse ${email}.`,
  close: 'Fermer',
  backHome: "Retour à l'accueil",
  signOut: 'Se déconnecter',
  // Second factor (issue 42).
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

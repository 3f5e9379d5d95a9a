import { isKnownStatus, type Language, type OrderStatus } from '../api'

/**
 * The order statuses' names in the service's six languages: one table for the desktop alerts, the
 * tray and the renderer, so a status is called the same everywhere.
 */
export const ORDER_STATUS_LABELS: Record<Language, Record<OrderStatus, string>> = {
  de: {
    DRAFT: 'Entwurf',
    CREATED: 'Angelegt',
    PROCESSING: 'In Bearbeitung',
    ACCEPTED: 'Angenommen',
    PART_SHIPPED: 'Teilweise versandt',
    SHIPPED: 'Versandt',
    COMPLETE: 'Abgeschlossen',
    ATTENTION_REQUIRED: 'Handlungsbedarf',
    FAILED: 'Fehlgeschlagen',
    CANCELLED: 'Storniert',
    PENDING_AUTHORISATION: 'Wartet auf Freigabe',
  },
  en: {
    DRAFT: 'Draft',
    CREATED: 'Created',
    PROCESSING: 'Processing',
    ACCEPTED: 'Accepted',
    PART_SHIPPED: 'Partly shipped',
    SHIPPED: 'Shipped',
    COMPLETE: 'Complete',
    ATTENTION_REQUIRED: 'Needs attention',
    FAILED: 'Failed',
    CANCELLED: 'Cancelled',
    PENDING_AUTHORISATION: 'Awaiting authorisation',
  },
  es: {
    DRAFT: 'Borrador',
    CREATED: 'Creado',
    PROCESSING: 'En proceso',
    ACCEPTED: 'Aceptado',
    PART_SHIPPED: 'Enviado parcialmente',
    SHIPPED: 'Enviado',
    COMPLETE: 'Completado',
    ATTENTION_REQUIRED: 'Requiere atención',
    FAILED: 'Fallido',
    CANCELLED: 'Cancelado',
    PENDING_AUTHORISATION: 'Pendiente de autorización',
  },
  fr: {
    DRAFT: 'Brouillon',
    CREATED: 'Créée',
    PROCESSING: 'En traitement',
    ACCEPTED: 'Acceptée',
    PART_SHIPPED: 'Partiellement expédiée',
    SHIPPED: 'Expédiée',
    COMPLETE: 'Terminée',
    ATTENTION_REQUIRED: 'Action requise',
    FAILED: 'Échouée',
    CANCELLED: 'Annulée',
    PENDING_AUTHORISATION: "En attente d'autorisation",
  },
  it: {
    DRAFT: 'Bozza',
    CREATED: 'Creato',
    PROCESSING: 'In lavorazione',
    ACCEPTED: 'Accettato',
    PART_SHIPPED: 'Spedito in parte',
    SHIPPED: 'Spedito',
    COMPLETE: 'Completato',
    ATTENTION_REQUIRED: 'Richiede attenzione',
    FAILED: 'Non riuscito',
    CANCELLED: 'Annullato',
    PENDING_AUTHORISATION: 'In attesa di autorizzazione',
  },
  nl: {
    DRAFT: 'Concept',
    CREATED: 'Aangemaakt',
    PROCESSING: 'In behandeling',
    ACCEPTED: 'Geaccepteerd',
    PART_SHIPPED: 'Deels verzonden',
    SHIPPED: 'Verzonden',
    COMPLETE: 'Voltooid',
    ATTENTION_REQUIRED: 'Actie vereist',
    FAILED: 'Mislukt',
    CANCELLED: 'Geannuleerd',
    PENDING_AUTHORISATION: 'Wacht op autorisatie',
  },
}

/** A status in words: the table's name for a known one, an unknown one as the service spells it. */
export function statusLabel(labels: Record<OrderStatus, string>, status: string): string {
  return isKnownStatus(status) ? labels[status] : status
}

import type { ProductTypeName } from './reference-data'

/** Words the catalogue generator builds names and descriptions from (rich enough for full-text search). */
export const SERIES = ['Nimbus', 'Vertex', 'Orion', 'Atlas', 'Quantum', 'Pulse', 'Summit', 'Horizon', 'Zenith', 'Nova', 'Titan', 'Aurora', 'Cascade', 'Meridian']

export const TYPE_CODES: Record<ProductTypeName, string> = {
  Switch: 'SW',
  Router: 'RT',
  'Access Point': 'AP',
  Firewall: 'FW',
  'IP Phone': 'PH',
  Headset: 'HS',
  Server: 'SV',
  Cable: 'CB',
  'Software Licence': 'LIC',
  'Storage Subscription': 'STO',
  'Backup Subscription': 'BKP',
  'Meeting Subscription': 'MTG',
  Provisioning: 'PRV',
  Maintenance: 'MNT',
  Accessory: 'ACC',
}

export const NOUNS: Record<ProductTypeName, string[]> = {
  Switch: ['8-Port Gigabit Switch', '16-Port Gigabit Switch', '24-Port PoE+ Gigabit Switch', '48-Port PoE+ Gigabit Switch', '24-Port 10G Aggregation Switch'],
  Router: ['Branch Router', 'Edge Router', 'SD-WAN Router', 'VPN Router with 4G Backup'],
  'Access Point': ['Wi-Fi 6 Indoor Access Point', 'Wi-Fi 6E Outdoor Access Point', 'Wi-Fi 7 Access Point', 'Wall Plate Access Point'],
  Firewall: ['Next-Generation Firewall', 'Unified Threat Management Firewall', 'Branch Firewall'],
  'IP Phone': ['Desk IP Phone', 'Conference IP Phone', 'DECT Cordless Phone', 'Video IP Phone'],
  Headset: ['Wireless Headset', 'USB Stereo Headset', 'Bluetooth Mono Headset'],
  Server: ['1U Rack Server', 'Tower Server', 'Edge Micro Server', '2U Storage Server'],
  Cable: ['Cat6 Patch Cable 2m', 'Cat6A Patch Cable 5m', 'Fibre LC-LC Cable 5m', 'UK Power Cable'],
  'Software Licence': ['Security Suite Licence 1 Year', 'Network Management Licence', 'Endpoint Protection Licence 3 Year', 'Wireless Controller Licence'],
  'Storage Subscription': ['Team Storage Subscription', 'Business Storage Subscription'],
  'Backup Subscription': ['Cloud Backup Subscription', 'Server Backup Subscription'],
  'Meeting Subscription': ['Meeting Rooms Subscription', 'Video Meeting Subscription'],
  Provisioning: ['Cloud Management Provisioning', 'Zero-Touch Provisioning', 'Partner Platform Site Provisioning'],
  Maintenance: ['1 Year Next Business Day Maintenance', '3 Year 4 Hour Maintenance', '5 Year Return to Base Maintenance'],
  Accessory: ['Rack Mount Kit', 'Power Supply Unit', 'Wall Mount Bracket', 'SFP+ Transceiver'],
}

export const ADDON_NOUNS: Partial<Record<ProductTypeName, string[]>> = {
  'Storage Subscription': ['Storage Extra 1TB Add-on', 'Storage Compliance Add-on'],
  'Backup Subscription': ['Backup Archive Add-on', 'Backup Extra Retention Add-on'],
  'Meeting Subscription': ['Webinar Add-on', 'Meeting Recording Add-on'],
}

export const FEATURES: Record<ProductTypeName, string[]> = {
  Switch: ['Layer 2+ managed switching', 'PoE+ budget up to 370 W', 'Cloud or local management', 'Fanless silent operation', 'Stackable up to 8 units', 'Lifetime warranty'],
  Router: ['Dual WAN failover', 'Integrated 4G LTE backup', 'IPsec and SSL VPN', 'Application-aware routing', 'Zero-touch deployment'],
  'Access Point': ['Dual-band 2x2 MU-MIMO', 'Seamless roaming', 'WPA3 security', 'PoE powered', 'Guest portal built in'],
  Firewall: ['Intrusion prevention', 'Web filtering', 'Sandboxing of unknown files', 'SSL inspection', 'High availability pair'],
  'IP Phone': ['HD voice', 'Colour display', 'Gigabit pass-through port', 'Bluetooth headset support'],
  Headset: ['Active noise cancelling', 'All-day battery', 'Certified for meetings', 'Busy light'],
  Server: ['Dual redundant power supplies', 'Hot-swap drive bays', 'Remote management controller', 'ECC memory'],
  Cable: ['Snagless boots', 'Low smoke zero halogen jacket', 'Tested to specification'],
  'Software Licence': ['Per-device licensing', 'Centralised policy management', 'Automatic updates', 'Reporting dashboard'],
  'Storage Subscription': ['Files shared across teams', 'Version history', 'Admin console', 'Data stays in region'],
  'Backup Subscription': ['Daily automatic backup', 'Point-in-time restore', 'Immutable copies', 'Tenant-wide protection'],
  'Meeting Subscription': ['HD video meetings', 'Room system support', 'Webinars and recordings', 'Calendar integration'],
  Provisioning: ['Applied at dispatch', 'Configuration pushed on first boot', 'Site and group assignment'],
  Maintenance: ['Advance hardware replacement', 'Firmware updates included', 'Telephone support'],
  Accessory: ['Fits standard 19-inch racks', 'Tool-less installation', 'Vendor approved'],
}

export const SENTENCES = [
  'Designed for small and medium businesses that need enterprise features without enterprise complexity.',
  'Ideal for schools, clinics, retail branches and busy offices.',
  'Managed from a single dashboard alongside the rest of the estate.',
  'Backed by the vendor warranty and our next business day replacement service.',
  'Quick to install and simple to maintain, with guided setup.',
  'Energy efficient operation keeps running costs low.',
  'Supports the latest security standards out of the box.',
  'Scales from a single site to hundreds of branches.',
]

-- Demo shop: a West Texas print shop ("Prints with West Texas energy.").
--
-- Runs once on an empty, migrated database (the runner records it). Rows refer to each other by
-- natural keys (slug, code, name, e-mail, checkout session id), never by hard-coded uuids.
-- Dates are relative to now() so the demo always looks current. Running it a second time fails
-- on the first unique key and changes nothing.

-- ---------------------------------------------------------------------------------------------
-- Colours and sizes
-- ---------------------------------------------------------------------------------------------

insert into public.colors (name, hex, is_active, sort_order) values
  ('Black',         '#1C1C1C',   true,  1),
  ('White',         '#FFFFFF',   true,  2),
  ('Heather Gray',  '#A8A9AD',   true,  3),
  ('Navy',          '#1F2A44',   true,  4),
  ('Red',           '#CC0000',   true,  5),
  ('Burnt Orange',  '#BF5700',   true,  6),
  ('Maroon',        '#5C0A1E',   true,  7),
  ('Forest Green',  '#2E5E3A',   true,  8),
  ('Sand',          '#D8C8A8',   true,  9),
  ('Turquoise',     '#30B6B0',   true, 10),
  ('Rust',          '#A0522D',   true, 11),
  ('Clear',         '#FFFFFF00', true, 12),
  ('Neon Pink',     '#FF4FB8',   false, 13);

insert into public.sizes (name, is_active, sort_order) values
  ('XS',        true,   10),
  ('S',         true,   20),
  ('M',         true,   30),
  ('L',         true,   40),
  ('XL',        true,   50),
  ('2XL',       true,   60),
  ('3XL',       true,   70),
  ('4XL',       false,  80),
  ('fits all',  true,  100),
  ('3x3 in',    true,  200),
  ('4x4 in',    true,  210),
  ('11 oz',     true,  300),
  ('15 oz',     true,  310),
  ('12x18 in',  true,  400),
  ('18x24 in',  true,  410),
  ('24x36 in',  true,  420),
  ('2x4 ft',    true,  500),
  ('3x6 ft',    true,  510),
  ('4x8 ft',    true,  520);

-- ---------------------------------------------------------------------------------------------
-- Collections
-- ---------------------------------------------------------------------------------------------

insert into public.collections
  (name, slug, description, image_main_url, image_secondary_url, image_header_url, is_featured,
   start_date, end_date, is_active, html_description, description_extended, sort_order)
values
  ('City Champ Golf', 'city-champ-golf',
   'It is tourney time! Get your City Champ gear today.',
   '/images/collections/city-champ-golf.webp', null, '/images/collections/city-champ-golf.webp', true,
   current_date - 14, current_date + 21, true,
   '<p>Official gear for the <strong>City Champ Golf</strong> tournament: polos, caps and sponsor signage, printed right here in West Texas.</p>',
   'Order by the Wednesday before tee-off for pickup at the clubhouse on Friday. Team and sponsor orders of 12+ pieces get their logo added at no extra setup fee.',
   1),
  ('West Texas Originals', 'west-texas-originals',
   'Our house line: big skies, pump jacks and Caprock sunsets on soft, heavyweight blanks.',
   '/images/collections/west-texas-originals.webp', null, null, true,
   null, null, true,
   '<p>Designed and printed in-house with water-based, eco-friendly inks.</p>',
   'Every Originals design is drawn by our own art team and printed in small runs, so colours come and go. When a size is gone, it is usually gone until next season.',
   2),
  ('Friday Night Lights', 'friday-night-lights',
   'Spirit wear for the stands: tees, hoodies and senior night signs in your school colours.',
   '/images/collections/friday-night-lights.webp', null, null, true,
   current_date - 90, current_date + 60, true,
   '<p>Booster clubs: ask about fundraiser pricing and per-player name drops.</p>',
   'We keep the common school colours in stock all season. Custom mascots and player numbers are available for booster club orders.',
   3),
  ('Ranch & Rodeo', 'ranch-and-rodeo',
   'Workwear and rodeo weekend merch that holds up to dust, sun and long days.',
   '/images/collections/ranch-and-rodeo.webp', null, null, true,
   null, null, true, null, null,
   4),
  ('Signs & Banners', 'signs-and-banners',
   'Yard signs, vinyl banners and storefront graphics that read from across the parking lot.',
   '/images/collections/signs-and-banners.webp', null, null, false,
   null, null, true,
   '<p>Weatherproof materials, UV-resistant inks and grommets where you need them.</p>',
   'Need a size that is not listed? Send us the dimensions through the contact form and we will quote it the same day.',
   5),
  ('Sticker Shop', 'sticker-shop',
   'Die-cut, holographic and clear stickers for laptops, water bottles and shop windows.',
   '/images/collections/sticker-shop.webp', null, null, false,
   null, null, true, null, null,
   6),
  ('Mugs, Totes & Everyday Goods', 'everyday-goods',
   'Mugs, tumblers, totes and koozies: the things people actually keep using.',
   '/images/collections/everyday-goods.webp', null, null, false,
   null, null, true, null, null,
   7),
  ('Holiday Market 2025', 'holiday-market-2025',
   'Limited holiday designs from last year''s market. Retired.',
   '/images/collections/holiday-market-2025.webp', null, null, false,
   date '2025-11-20', date '2025-12-24', false, null, null,
   8);

-- ---------------------------------------------------------------------------------------------
-- Products, with the colours and sizes they come in
-- ---------------------------------------------------------------------------------------------

with data (sort_order, collection_slug, slug, name, sku, product_type, price_cents, stock_qty,
      weight_oz, length_in, width_in, height_in, buy_button, is_active, colors, sizes, description) as (
  values
  -- City Champ Golf
  (10, 'city-champ-golf', 'city-champ-performance-polo', 'City Champ Performance Polo', 'CCG-POLO', 'apparel', 4200, null::int,
   7.5, 12, 10, 1.5, null, true, array['White', 'Navy', 'Black'], array['S', 'M', 'L', 'XL', '2XL'],
   E'A moisture-wicking polo with the City Champ crest embroidered on the chest.\nLightweight, snag-resistant performance knit\nEmbroidered left-chest crest and back-yoke tournament year\nUPF 40 sun protection for 18 holes in July\nTagless collar that stays flat under a windbreaker'),
  (20, 'city-champ-golf', 'city-champ-tourney-tee', 'City Champ Tourney Tee', 'CCG-TEE', 'apparel', 2400, null,
   5.5, 12, 10, 1, 'buy_btn_demo_1QcityChampTourneyTee', true, array['White', 'Heather Gray', 'Sand'], array['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'],
   E'The official tournament tee, screen printed with the City Champ flagstick art.\nRingspun cotton-poly blend that stays soft wash after wash\nFront crest, full bracket printed on the back\nWater-based eco-friendly inks\nUnisex fit, true to size'),
  (30, 'city-champ-golf', 'city-champ-rope-cap', 'City Champ Rope Cap', 'CCG-CAP', 'headwear', 2800, null,
   4, 9, 8, 5, null, true, array['Navy', 'White', 'Black'], array['fits all'],
   E'A classic rope cap with a raised-embroidery City Champ flag.\nStructured mid-profile crown\nContrast rope across the bill\nAdjustable snapback fits most heads'),
  (40, 'city-champ-golf', 'city-champ-golf-towel', 'City Champ Golf Towel', 'CCG-TOWEL', 'accessory', 1600, null,
   6, 16, 24, 0.5, null, true, array['White', 'Navy'], array[]::text[],
   E'A waffle-weave caddy towel with the tournament logo woven in.\n16 x 24 inch tri-fold with brass grommet and clip\nAbsorbent cotton waffle weave\nMakes a good tee-box gift for your foursome'),
  (50, 'city-champ-golf', 'hole-sponsor-sign', 'Hole Sponsor Sign', 'CCG-SPONSOR', 'sign', 3500, null,
   24, 24, 18, 0.25, null, true, array[]::text[], array['18x24 in', '24x36 in'],
   E'A full-colour sponsor sign for the tee box, printed on rigid weatherproof board.\n4 mm corrugated plastic, printed both sides\nH-stake included for turf mounting\nSend your logo file, we handle the layout and proof\nReady in 3 business days'),
  (60, 'city-champ-golf', 'city-champ-quarter-zip', 'City Champ Quarter-Zip Pullover', 'CCG-QZIP', 'apparel', 5400, null,
   14, 13, 11, 2, null, true, array['Heather Gray', 'Navy'], array['S', 'M', 'L', 'XL', '2XL'],
   E'A midweight quarter-zip for chilly early tee times.\nBrushed fleece-back performance knit\nEmbroidered crest on the left chest\nThumbholes and a zip garage at the collar'),
  (70, 'city-champ-golf', 'city-champ-sticker-pack', 'City Champ Sticker Pack', 'CCG-STK', 'sticker', 800, 40,
   1, 6, 4, 0.1, null, true, array[]::text[], array[]::text[],
   E'Five die-cut vinyl stickers from this year''s tournament art.\nWaterproof, scratch-resistant vinyl\nSized for golf bags, carts and coolers\nPrinted with UV-resistant inks'),
  (80, 'city-champ-golf', 'city-champ-visor', 'City Champ Visor', 'CCG-VISOR', 'headwear', 2200, null,
   3, 9, 8, 3, null, false, array['White'], array['fits all'],
   E'A performance visor with the City Champ flag.\nSweat-wicking band\nAdjustable hook-and-loop back\nComing soon'),

  -- West Texas Originals
  (10, 'west-texas-originals', 'west-texas-energy-tee', 'West Texas Energy Tee', 'WTO-ENERGY', 'apparel', 2600, null,
   5.5, 12, 10, 1, 'buy_btn_demo_1QwestTexasEnergyTee', true, array['Black', 'White', 'Heather Gray', 'Burnt Orange', 'Turquoise'], array['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'],
   E'Our signature tee: a lightning-bolt windmill over the Llano Estacado.\nHeavyweight 6 oz combed cotton\nDischarge-printed so the ink feels like part of the shirt\nPre-shrunk and side-seamed for a clean fit\nPrinted and packed in West Texas'),
  (20, 'west-texas-originals', 'caprock-sunset-hoodie', 'Caprock Sunset Hoodie', 'WTO-CAPROCK', 'apparel', 5200, null,
   20, 14, 12, 3, null, true, array['Black', 'Sand', 'Maroon'], array['S', 'M', 'L', 'XL', '2XL', '3XL'],
   E'A heavyweight hoodie with a five-colour Caprock Canyon sunset across the back.\n10 oz cotton-rich fleece, brushed inside\nDouble-lined hood and kangaroo pocket\nFive-colour water-based print that stays soft\nRibbed cuffs that hold their shape'),
  (30, 'west-texas-originals', 'lubbock-skyline-tee', 'Lubbock Skyline Tee', 'WTO-LBK', 'apparel', 2600, null,
   5.5, 12, 10, 1, null, true, array['Navy', 'Heather Gray', 'Red'], array['S', 'M', 'L', 'XL', '2XL'],
   E'The Hub City skyline, grain elevators and all, in a one-colour line drawing.\nSoft tri-blend that drapes well\nOne-colour print in crisp white or black\nVintage-style relaxed fit'),
  (40, 'west-texas-originals', 'tumbleweed-trucker-cap', 'Tumbleweed Trucker Cap', 'WTO-TRUCKER', 'headwear', 2600, null,
   4, 9, 8, 5, null, true, array['Black', 'Sand', 'Rust'], array['fits all'],
   E'A foam-front trucker with a screen-printed rolling tumbleweed.\nBreathable mesh back\nCurved bill, high-profile crown\nAdjustable plastic snap'),
  (50, 'west-texas-originals', 'big-sky-crewneck', 'Big Sky Crewneck Sweatshirt', 'WTO-BIGSKY', 'apparel', 4600, null,
   17, 14, 12, 2.5, null, true, array['Heather Gray', 'Forest Green', 'Navy'], array['S', 'M', 'L', 'XL', '2XL'],
   E'A classic crew with "Big Sky Country" arched across the chest.\nMidweight 8 oz fleece\nVintage-wash finish for a broken-in feel\nRibbed collar, cuffs and waistband'),
  (60, 'west-texas-originals', 'pump-jack-long-sleeve', 'Pump Jack Long Sleeve Tee', 'WTO-PUMPJACK', 'apparel', 3200, null,
   7, 12, 10, 1, null, true, array['Black', 'Sand'], array['S', 'M', 'L', 'XL', '2XL'],
   E'A long sleeve tee with a pump jack silhouette down the sleeve, for Permian Basin mornings.\nMidweight ringspun cotton\nSleeve print plus small chest logo\nRib-knit cuffs'),
  (70, 'west-texas-originals', 'mesquite-beanie', 'Mesquite Cuffed Beanie', 'WTO-BEANIE', 'headwear', 2200, null,
   3, 9, 8, 2, null, true, array['Black', 'Rust', 'Forest Green', 'Heather Gray'], array['fits all'],
   E'A chunky cuffed beanie with a woven mesquite-tree patch.\nSoft acrylic rib knit\nFold-over cuff with sewn-on woven label\nOne size, stretches to fit'),

  -- Friday Night Lights
  (10, 'friday-night-lights', 'friday-night-lights-spirit-tee', 'Friday Night Lights Spirit Tee', 'FNL-TEE', 'apparel', 2200, null,
   5.5, 12, 10, 1, null, true, array['Red', 'Black', 'White', 'Maroon'], array['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL'],
   E'A stadium-lights spirit tee for the home side.\nDurable cotton-poly blend that survives the wash every Saturday\nBold one-colour front print\nAdd a player number on the back for booster orders'),
  (20, 'friday-night-lights', 'game-day-hoodie', 'Game Day Pullover Hoodie', 'FNL-HOOD', 'apparel', 4800, null,
   19, 14, 12, 3, null, true, array['Red', 'Black', 'Heather Gray'], array['S', 'M', 'L', 'XL', '2XL', '3XL'],
   E'Warm enough for the fourth quarter of a November playoff game.\n9 oz fleece with a double-lined hood\nFront-pocket print and a big block back print\nPill-resistant finish'),
  (30, 'friday-night-lights', 'team-mom-vneck', 'Team Mom V-Neck', 'FNL-MOM', 'apparel', 2600, null,
   4.5, 12, 10, 1, null, true, array['Black', 'Red', 'White'], array['XS', 'S', 'M', 'L', 'XL', '2XL'],
   E'A relaxed v-neck that says it loud: Team Mom.\nSlub-knit cotton, relaxed fit\nGlitter-free soft print that won''t crack\nAsk us to add your player''s number to the sleeve'),
  (40, 'friday-night-lights', 'stadium-seat-cushion', 'Stadium Seat Cushion', 'FNL-SEAT', 'accessory', 2400, null,
   18, 15, 12, 2, null, true, array['Red', 'Maroon', 'Navy'], array[]::text[],
   E'A foam seat cushion for aluminum bleachers, with a carry handle.\n2 inch closed-cell foam\nWater-resistant cover, wipes clean\nFull-colour print of the team logo'),
  (50, 'friday-night-lights', 'senior-night-yard-sign', 'Senior Night Yard Sign', 'FNL-SENIOR', 'sign', 3000, null,
   24, 24, 18, 0.25, null, true, array[]::text[], array['18x24 in', '24x36 in'],
   E'Celebrate your senior with a full-colour photo yard sign.\nYour player''s photo, name, number and position\nPrinted both sides on weatherproof corrugated plastic\nH-stake included\nProof sent for approval before printing'),
  (60, 'friday-night-lights', 'rally-towel', 'Rally Towel', 'FNL-RALLY', 'accessory', 1000, null,
   2, 15, 11, 0.2, null, true, array['White', 'Red', 'Black'], array[]::text[],
   E'Wave it on third down.\n15 x 18 inch soft microfibre\nOne-colour print, both sides readable\nFundraiser pricing for booster clubs'),

  -- Ranch & Rodeo
  (10, 'ranch-and-rodeo', 'rodeo-weekend-tee', 'Rodeo Weekend Tee', 'RR-TEE', 'apparel', 2600, null,
   5.5, 12, 10, 1, null, true, array['Sand', 'White', 'Turquoise'], array['S', 'M', 'L', 'XL', '2XL'],
   E'A bronc-and-rider tee for the rodeo grounds.\nGarment-dyed cotton with a lived-in feel\nDistressed two-colour print\nRelaxed fit with a slightly longer body'),
  (20, 'ranch-and-rodeo', 'buckle-up-snapback', 'Buckle Up Snapback', 'RR-SNAP', 'headwear', 2800, null,
   4, 9, 8, 5, null, true, array['Black', 'Rust'], array['fits all'],
   E'A flat-bill snapback with an embroidered belt-buckle badge.\nWool-blend crown\nRaised 3D embroidery\nGreen undervisor'),
  (30, 'ranch-and-rodeo', 'ranch-hand-work-shirt', 'Ranch Hand Embroidered Work Shirt', 'RR-WORK', 'apparel', 4400, null,
   11, 13, 11, 1.5, null, true, array['Navy', 'Sand'], array['S', 'M', 'L', 'XL', '2XL', '3XL'],
   E'A button-up work shirt ready for your ranch brand on the chest.\nStain-release poly-cotton twill\nTwo chest pockets, one with a pen slot\nYour brand embroidered above the pocket\nBuilt for the feed store and the board meeting'),
  (40, 'ranch-and-rodeo', 'barrel-racer-tank', 'Barrel Racer Tank', 'RR-TANK', 'apparel', 2200, null,
   3.5, 11, 9, 1, null, true, array['White', 'Turquoise', 'Black'], array['XS', 'S', 'M', 'L', 'XL'],
   E'A racerback tank with a turquoise cloverleaf pattern print.\nLightweight, breathable jersey\nRacerback cut that stays put in the saddle\nSoft water-based print'),
  (50, 'ranch-and-rodeo', 'livestock-show-stall-banner', 'Livestock Show Stall Banner', 'RR-STALL', 'banner', 5500, null,
   30, 24, 6, 6, null, true, array[]::text[], array['2x4 ft', '3x6 ft'],
   E'A stall banner for the county show with your ranch name and brand.\n13 oz scrim vinyl, UV-resistant inks\nHemmed edges with grommets every 2 feet\nFree layout help with your brand or logo'),
  (60, 'ranch-and-rodeo', 'cow-country-bandana', 'Cow Country Bandana', 'RR-BANDANA', 'accessory', 1200, null,
   1, 8, 6, 0.2, null, true, array['Red', 'Turquoise', 'Navy', 'Black'], array[]::text[],
   E'A 22 inch cotton bandana with a cattle-brand paisley pattern.\n100% cotton, hemmed edges\nFull-coverage print on one side\nGood for dust, sweat and team photos'),

  -- Signs & Banners
  (10, 'signs-and-banners', 'custom-yard-sign', 'Custom Coroplast Yard Sign', 'SB-YARD', 'sign', 2500, null,
   20, 24, 18, 0.25, null, true, array[]::text[], array['12x18 in', '18x24 in', '24x36 in'],
   E'A full-colour yard sign for campaigns, open houses, job sites and grand openings.\n4 mm corrugated plastic, single or double sided\nH-stake included\nFree proof before we print\nBulk pricing from 10 signs'),
  (20, 'signs-and-banners', 'heavy-duty-vinyl-banner', 'Heavy-Duty Vinyl Banner', 'SB-BANNER', 'banner', 6500, null,
   32, 24, 6, 6, null, true, array[]::text[], array[]::text[],
   E'An outdoor vinyl banner built for West Texas wind, printed at the size you need.\n13 oz or 18 oz scrim vinyl, priced by the square foot\nHemmed edges, grommets every 2 feet, pole pockets or wind slits\nUV-resistant inks rated for 2+ years outdoors\nAny size from 1 x 1 ft up to 50 ft long and 10 ft high'),
  (30, 'signs-and-banners', 'a-frame-sidewalk-sign', 'A-Frame Sidewalk Sign', 'SB-AFRAME', 'sign', 14500, 6,
   240, 36, 25, 3, null, true, array[]::text[], array[]::text[],
   E'A steel A-frame with two printed 24 x 36 inch inserts.\nPowder-coated steel frame with rubber feet\nSwap-in inserts for seasonal specials\nFolds flat for storage'),
  (40, 'signs-and-banners', 'store-hours-window-decal', 'Store Hours Window Decal', 'SB-HOURS', 'decal', 3500, null,
   3, 18, 4, 4, null, true, array['White', 'Black'], array[]::text[],
   E'Die-cut vinyl lettering with your business name and hours.\nOutdoor-rated vinyl, lasts 5+ years\nApplication tape and instructions included\nWe match your storefront fonts'),
  (50, 'signs-and-banners', 'retractable-banner-stand', 'Retractable Banner Stand', 'SB-RETRACT', 'banner', 18900, 2,
   160, 36, 8, 6, null, true, array[]::text[], array[]::text[],
   E'A 33 x 81 inch pull-up banner for trade shows and lobbies.\nAnti-curl, scratch-resistant print\nAluminum base with padded carry bag\nSets up in under a minute'),
  (60, 'signs-and-banners', 'open-house-directional-sign', 'Open House Directional Sign', 'SB-OPENHOUSE', 'sign', 2200, null,
   18, 24, 18, 0.25, null, true, array[]::text[], array['18x24 in', '24x36 in'],
   E'An arrow sign that gets buyers from the farm road to your front door.\nLeft or right arrow, your brokerage colours\nPrinted both sides\nH-stake included'),
  (70, 'signs-and-banners', 'magnetic-vehicle-sign', 'Magnetic Vehicle Door Signs (pair)', 'SB-MAGNET', 'sign', 8900, null,
   48, 24, 18, 1, null, true, array[]::text[], array['12x18 in', '18x24 in'],
   E'A pair of magnetic signs that turn your work truck into a billboard.\n30 mil magnet with rounded corners\nLaminated to resist fading and car washes\nRemove them for the weekend'),

  -- Sticker Shop
  (10, 'sticker-shop', 'die-cut-logo-stickers', 'Die-Cut Logo Stickers', 'ST-LOGO', 'sticker', 4500, null,
   4, 8, 6, 1, null, true, array['White', 'Clear'], array[]::text[],
   E'Custom die-cut stickers cut to the shape of your logo, priced by size and quantity.\nThick, waterproof gloss or matte vinyl, UV lamination on request\nWhite or clear backing\nAny size from 1 x 1 in to 12 x 12 in\nFree digital proof in one business day'),
  (20, 'sticker-shop', 'west-texas-energy-sticker', 'West Texas Energy Sticker', 'ST-ENERGY', 'sticker', 400, 180,
   0.3, 4, 4, 0.1, null, true, array[]::text[], array[]::text[],
   E'Our windmill-and-lightning logo as a 3 inch die-cut sticker.\nWaterproof vinyl\nDishwasher-safe laminate\nLooks good on a truck window'),
  (30, 'sticker-shop', 'dancing-armadillo-sticker', 'Dancing Armadillo Sticker', 'ST-DILLO', 'sticker', 400, 0,
   0.3, 4, 4, 0.1, null, true, array[]::text[], array[]::text[],
   E'A two-stepping armadillo in a cowboy hat.\n3 inch die-cut vinyl\nWeatherproof and UV-resistant\nBack in stock soon'),
  (40, 'sticker-shop', 'holographic-lone-star-sticker', 'Holographic Lone Star Sticker', 'ST-HOLO', 'sticker', 600, 3,
   0.3, 4, 4, 0.1, null, true, array[]::text[], array[]::text[],
   E'A lone star that flashes every colour in the sun.\nHolographic vinyl with a clear laminate\n3 inch die-cut\nLimited run'),
  (50, 'sticker-shop', 'sticker-sampler-pack', 'Sticker Sampler Pack', 'ST-SAMPLER', 'sticker', 1500, null,
   1, 6, 4, 0.2, null, true, array[]::text[], array[]::text[],
   E'Ten of our favourite designs, printed to order.\nA mix of matte, gloss and holographic finishes\nIncludes two shop exclusives\nGreat for feeling out finishes before a custom order'),
  (60, 'sticker-shop', 'clear-window-cling', 'Clear Window Cling', 'ST-CLING', 'sticker', 800, null,
   0.5, 5, 5, 0.1, null, true, array['Clear'], array['3x3 in', '4x4 in'],
   E'A static cling for car and storefront windows that peels off without residue.\nNo adhesive, reusable\nPrinted on clear film\nFaces out from the inside of the glass'),

  -- Mugs, Totes & Everyday Goods
  (10, 'everyday-goods', 'diner-ceramic-mug', 'Diner Ceramic Mug', 'EG-MUG', 'drinkware', 1600, null,
   16, 6, 5, 5, null, true, array['White', 'Black'], array['11 oz', '15 oz'],
   E'A heavy diner mug with the West Texas Energy windmill.\nDishwasher and microwave safe\nFull-wrap sublimation print\nThick walls keep coffee hot through a long morning'),
  (20, 'everyday-goods', 'enamel-camp-mug', 'Enamel Camp Mug', 'EG-CAMP', 'drinkware', 1800, null,
   9, 6, 5, 4, null, true, array['White', 'Turquoise'], array[]::text[],
   E'A 12 oz enamel camp mug with a rolled steel rim.\nChip-resistant enamel over steel\nOne-colour logo fired into the enamel\nCampfire, tailgate and desk approved'),
  (30, 'everyday-goods', 'heavy-canvas-tote', 'Heavy Canvas Tote Bag', 'EG-TOTE', 'bag', 2000, null,
   10, 16, 14, 1, null, true, array['Sand', 'Black'], array['fits all'],
   E'A 12 oz canvas tote big enough for a farmers market haul.\nReinforced handles that carry 30 lb\nInside slip pocket\nScreen printed with eco-friendly inks'),
  (40, 'everyday-goods', 'farmers-market-tote', 'Farmers Market Tote', 'EG-MARKET', 'bag', 1600, 24,
   6, 16, 14, 1, null, true, array[]::text[], array[]::text[],
   E'A lightweight natural cotton tote printed with our "Grown in West Texas" design.\nNatural undyed cotton\nLong handles fit over a shoulder\nFolds into a glovebox'),
  (50, 'everyday-goods', 'insulated-steel-tumbler', 'Insulated Steel Tumbler 20 oz', 'EG-TUMBLER', 'drinkware', 3000, null,
   14, 4, 4, 8, 'buy_btn_demo_1QinsulatedSteelTumbler', true, array['Black', 'White', 'Turquoise', 'Red'], array[]::text[],
   E'A double-wall tumbler that keeps ice around through a 100 degree afternoon.\nVacuum-insulated stainless steel\nLaser-engraved logo that never peels\nSplash-proof slide lid\nFits truck cup holders'),
  (60, 'everyday-goods', 'can-koozie-four-pack', 'Can Koozie 4-Pack', 'EG-KOOZIE', 'accessory', 1200, null,
   3, 6, 5, 4, null, true, array['Black', 'Red', 'Navy', 'Forest Green'], array[]::text[],
   E'Four collapsible neoprene koozies for the tailgate.\nThick neoprene, stitched seams\nFull-colour print\nFold flat for the cooler pocket'),

  -- Holiday Market 2025 (retired collection)
  (10, 'holiday-market-2025', 'ugly-sweater-tee-2025', 'Ugly Sweater Tee (Holiday 2025)', 'HM25-TEE', 'apparel', 2400, null,
   5.5, 12, 10, 1, null, false, array['Red', 'Forest Green'], array['S', 'M', 'L', 'XL'],
   E'A knit-look tumbleweed and pump jack holiday pattern.\nSoft ringspun cotton\nAll-over print\nRetired design'),
  (20, 'holiday-market-2025', 'jingle-all-the-way-mug', 'Jingle All The Way Mug', 'HM25-MUG', 'drinkware', 1600, null,
   16, 6, 5, 5, null, false, array['White'], array[]::text[],
   E'A holiday diner mug with a jackalope in a Santa hat.\nDishwasher safe\nFull-wrap print\nRetired design')
),
inserted as (
  insert into public.products
    (collection_id, name, slug, sku, product_type, description, price_cents, stock_qty,
     image_main_url, image_secondary_url, weight_oz, length_in, width_in, height_in,
     stripe_buy_button_id, is_active, sort_order)
  select c.id, d.name, d.slug, d.sku, d.product_type, d.description, d.price_cents, d.stock_qty,
         '/images/products/' || d.slug || '.webp', null, d.weight_oz, d.length_in, d.width_in, d.height_in,
         d.buy_button, d.is_active, c.sort_order * 100 + d.sort_order
  from data d
  join public.collections c on c.slug = d.collection_slug
  returning id, slug
),
product_color_rows as (
  insert into public.product_colors (product_id, color_id)
  select i.id, col.id
  from inserted i
  join data d on d.slug = i.slug
  cross join lateral unnest(d.colors) as wanted(name)
  join public.colors col on col.name = wanted.name
  returning product_id
)
insert into public.product_sizes (product_id, size_id)
select i.id, s.id
from inserted i
join data d on d.slug = i.slug
cross join lateral unnest(d.sizes) as wanted(name)
join public.sizes s on s.name = wanted.name;

-- Pictures per colour (docs/decisions/0028-owner-and-receipts.md): the product page, the cart and
-- the receipt show the colour chosen. Drawn by scripts/generate-demo-images.mts from the name:
-- {product}--{colour}.webp.
update public.product_colors pc set image_url = pic.url
from (values
  ('west-texas-energy-tee', 'Burnt Orange', '/images/products/west-texas-energy-tee--burnt-orange.webp'),
  ('west-texas-energy-tee', 'Turquoise',    '/images/products/west-texas-energy-tee--turquoise.webp'),
  ('city-champ-rope-cap',   'White',        '/images/products/city-champ-rope-cap--white.webp')
) as pic(slug, color, url), public.products p, public.colors c
where p.slug = pic.slug and c.name = pic.color and pc.product_id = p.id and pc.color_id = c.id;

-- Quantity price tiers (docs/decisions/0015-print-ordering.md): the price per piece drops as a
-- line's pieces grow (sizes of one colour together). Apparel at 12/24/48/100 pieces; yard signs are
-- printed in runs of 10 or more. (The die-cut stickers and the vinyl banner are priced by area from their lists below.)
insert into public.product_price_tiers (product_id, min_quantity, unit_price_cents)
select p.id, t.min_quantity, t.unit_price_cents
from (values
  ('city-champ-tourney-tee',          12, 1900), ('city-champ-tourney-tee',         24, 1600),
  ('city-champ-tourney-tee',          48, 1300), ('city-champ-tourney-tee',        100, 1100),
  ('west-texas-energy-tee',           12, 2200), ('west-texas-energy-tee',          24, 1900),
  ('west-texas-energy-tee',           48, 1650), ('west-texas-energy-tee',         100, 1400),
  ('friday-night-lights-spirit-tee',  12, 1900), ('friday-night-lights-spirit-tee', 24, 1600),
  ('friday-night-lights-spirit-tee',  48, 1300),
  ('game-day-hoodie',                 12, 4200), ('game-day-hoodie',                24, 3800),
  ('game-day-hoodie',                 48, 3400), ('game-day-hoodie',               100, 3000),
  ('custom-yard-sign',                25, 2100), ('custom-yard-sign',               50, 1800),
  ('custom-yard-sign',               100, 1500)
) as t(slug, min_quantity, unit_price_cents)
join public.products p on p.slug = t.slug;

update public.products set minimum_quantity = 10 where slug = 'custom-yard-sign';

-- Print locations (docs/decisions/0015-print-ordering.md): a price per piece and a setup fee (the
-- screen) once per location per design. The tees' front print is in the price; yard signs can be
-- printed on a second side. Every printed product takes the customer's file
-- (docs/decisions/0027-price-lists.md): banners a face, signs a front and a back, stickers and
-- decals themselves, mugs a wrap, totes a front. Their price already includes that print, so those
-- locations cost $0.00 a piece and no setup, and no total changes. Each has the width it prints at
-- in inches, for the artwork check's DPI advice (signs and banners sold in several sizes: the
-- largest size's width, so the advice errs on the safe side).
insert into public.product_print_locations
  (product_id, code, name, price_cents_per_piece, setup_fee_cents, sort_order, print_width_in)
select p.id, l.code, l.name, l.per_piece, l.setup, l.sort_order, l.width_in
from (values
  ('city-champ-tourney-tee',        'front',        'Front',        0,   2500, 1, 12),
  ('city-champ-tourney-tee',        'back',         'Back',         300, 2500, 2, 12),
  ('city-champ-tourney-tee',        'left-sleeve',  'Left sleeve',  200, 1500, 3, 3.5),
  ('city-champ-tourney-tee',        'right-sleeve', 'Right sleeve', 200, 1500, 4, 3.5),
  ('west-texas-energy-tee',         'front',        'Front',        0,   2500, 1, 12),
  ('west-texas-energy-tee',         'back',         'Back',         300, 2500, 2, 12),
  ('game-day-hoodie',               'front',        'Front',        0,   3000, 1, 10),
  ('game-day-hoodie',               'back',         'Back',         400, 3000, 2, 12),
  ('custom-yard-sign',              'front',        'Front',        0,   0,    1, 36),
  ('custom-yard-sign',              'second-side',  'Second side',  400, 0,    2, 36),
  ('hole-sponsor-sign',             'front',        'Front',        0,   0,    1, 36),
  ('hole-sponsor-sign',             'back',         'Back',         0,   0,    2, 36),
  ('senior-night-yard-sign',        'front',        'Front',        0,   0,    1, 36),
  ('senior-night-yard-sign',        'back',         'Back',         0,   0,    2, 36),
  ('a-frame-sidewalk-sign',         'front',        'Front',        0,   0,    1, 24),
  ('a-frame-sidewalk-sign',         'back',         'Back',         0,   0,    2, 24),
  ('open-house-directional-sign',   'front',        'Front',        0,   0,    1, 36),
  ('open-house-directional-sign',   'back',         'Back',         0,   0,    2, 36),
  ('magnetic-vehicle-sign',         'front',        'Front',        0,   0,    1, 24),
  ('livestock-show-stall-banner',   'face',         'Face',         0,   0,    1, 72),
  ('heavy-duty-vinyl-banner',       'face',         'Face',         0,   0,    1, 96),
  ('retractable-banner-stand',      'face',         'Face',         0,   0,    1, 33),
  ('store-hours-window-decal',      'decal',        'Decal',        0,   0,    1, 18),
  ('city-champ-sticker-pack',       'sticker',      'Sticker',      0,   0,    1, 3),
  ('die-cut-logo-stickers',         'sticker',      'Sticker',      0,   0,    1, 4),
  ('west-texas-energy-sticker',     'sticker',      'Sticker',      0,   0,    1, 3),
  ('dancing-armadillo-sticker',     'sticker',      'Sticker',      0,   0,    1, 3),
  ('holographic-lone-star-sticker', 'sticker',      'Sticker',      0,   0,    1, 3),
  ('sticker-sampler-pack',          'sticker',      'Sticker',      0,   0,    1, 3),
  ('clear-window-cling',            'sticker',      'Sticker',      0,   0,    1, 4),
  ('diner-ceramic-mug',             'wrap',         'Wrap',         0,   0,    1, 8.5),
  ('enamel-camp-mug',               'wrap',         'Wrap',         0,   0,    1, 8),
  ('jingle-all-the-way-mug',        'wrap',         'Wrap',         0,   0,    1, 8.5),
  ('heavy-canvas-tote',             'front',        'Front',        0,   0,    1, 10),
  ('farmers-market-tote',           'front',        'Front',        0,   0,    1, 10)
) as l(slug, code, name, per_piece, setup, sort_order, width_in)
join public.products p on p.slug = l.slug;

-- Price lists (docs/decisions/0027-price-lists.md): the shop's charts by decoration method, by area and for rush, in
-- the shape of src/lib/pricing/lists.ts (cents; lengths in inches). Version 1 of each is kept in
-- price_list_versions as every save is. The vinyl banner and the die-cut stickers are priced by
-- width × height from the area lists (linked below); the other products keep their own prices
-- until the owner links them in the admin.
insert into public.price_lists (name, method, data) values
  ('Screen print contract chart', 'screen_print', '{"method":"screen_print","grid":{"rows":[1,24,48,72,144,288,576],"cells":[[450,510,570,630,690,750],[325,370,415,460,505,550],[245,280,315,350,385,420],[190,220,250,280,310,340],[150,172,194,216,238,260],[120,140,160,180,200,220],[100,115,130,145,160,175]]},"additional_location":{"first_color_cents":75,"per_extra_color_cents":25},"screen_fee_cents":1500,"screen_fee_rules":[{"min_pieces":145,"max_colors":3,"share":0},{"min_pieces":145,"max_colors":6,"share":0.5}],"screen_fee_display":"line","surcharges":[{"code":"flash","label":"Flash underbase (dark garments)","cents_per_piece":15,"when":"dark_garment"}]}'::jsonb),
  ('Embroidery up to 10,000 stitches', 'embroidery', '{"method":"embroidery","stitch_bands":[10000],"grid":{"rows":[1,6,12,36,72,150,300],"cells":[[1000],[800],[700],[600],[500],[450],[400]]},"extra_per_thousand_cents":[150,130,110,90,70,50,30],"max_stitches":30000,"digitizing_fee_cents":5000,"size_choices":[{"code":"left-chest","label":"Left-chest logo, up to 5,000 stitches","stitches":5000},{"code":"cap-front","label":"Cap front, up to 8,000 stitches","stitches":8000},{"code":"full-back","label":"Full back, up to 20,000 stitches","stitches":20000}]}'::jsonb),
  ('DTG by print size', 'dtg', '{"method":"dtg","print_sizes":[{"code":"small","label":"Up to 5 × 5 in","max_width_in":5,"max_height_in":5},{"code":"medium","label":"Up to 10 × 10 in","max_width_in":10,"max_height_in":10},{"code":"large","label":"Up to 14 × 18 in","max_width_in":14,"max_height_in":18}],"light":{"rows":[1,12,24,48,72],"cells":[[1000,1400,1800],[800,1100,1500],[700,1000,1300],[600,900,1200],[550,800,1100]]},"dark":{"rows":[1,12,24,48,72],"cells":[[1200,1700,2200],[1000,1400,1900],[900,1250,1650],[800,1150,1500],[700,1000,1350]]},"setup_fee_cents":0}'::jsonb),
  ('Banners by square foot', 'area', '{"method":"area","materials":[{"code":"vinyl-13oz","label":"13 oz vinyl"},{"code":"vinyl-18oz","label":"18 oz vinyl"}],"grid":{"rows":[1,5,10,25],"cells":[[800,1000],[750,950],[700,900],[650,850]]},"band_basis":"pieces","min_billable_sqft":1,"min_charge_cents":2500,"finishing":[{"code":"hems","label":"Hemmed edges","basis":"edge_ft","amount":50},{"code":"grommets","label":"Grommets every 2 ft","basis":"edge_ft","amount":50},{"code":"pole-pockets","label":"Pole pockets","basis":"edge_ft","amount":150},{"code":"wind-slits","label":"Wind slits","basis":"sqft","amount":25}]}'::jsonb),
  ('Yard signs and panels by square foot', 'area', '{"method":"area","materials":[{"code":"coroplast-4mm","label":"4 mm coroplast"},{"code":"aluminium-040","label":"0.040 in aluminium"}],"grid":{"rows":[1,10,25,50],"cells":[[500,1200],[400,1100],[350,1000],[300,900]]},"band_basis":"pieces","min_billable_sqft":1,"min_charge_cents":2000,"finishing":[{"code":"double-sided","label":"Printed both sides","basis":"percent","amount":50},{"code":"h-stakes","label":"H-stake","basis":"piece","amount":150},{"code":"rounded-corners","label":"Rounded corners","basis":"piece","amount":100}]}'::jsonb),
  ('Stickers by size and quantity', 'area', '{"method":"area","materials":[{"code":"gloss-vinyl","label":"Gloss vinyl"},{"code":"matte-vinyl","label":"Matte vinyl"}],"grid":{"rows":[1,10,25,50,100],"cells":[[1200,1400],[900,1050],[700,800],[550,650],[450,525]]},"band_basis":"sqft","min_billable_sqft":0,"min_charge_cents":2500,"finishing":[{"code":"lamination","label":"UV lamination","basis":"sqft","amount":150}]}'::jsonb),
  ('Apparel size upcharges', 'garment', '{"method":"garment","size_upcharges":[{"size":"2XL","cents":200},{"size":"3XL","cents":300},{"size":"4XL","cents":400},{"size":"5XL","cents":400}]}'::jsonb),
  ('Standard turnaround and rush', 'turnaround', '{"method":"turnaround","standard_days":10,"rush":[{"code":"rush-7","label":"Rush, 7 business days","business_days":7,"percent":50},{"code":"rush-5","label":"Rush, 5 business days","business_days":5,"percent":75}]}'::jsonb);

insert into public.price_list_versions (price_list_id, version, data)
select id, version, data from public.price_lists;

-- Area products (docs/decisions/0027-price-lists.md: "a 4 × 8 ft banner costs its area"): the list, the sizes made (in
-- inches, as the admin product form stores them) and the one-tap sizes, each within the bounds.
-- A banner prints up to 50 ft long and 10 ft high (one width of the widest roll, no seams);
-- stickers from 1 to 12 in a side. Their page asks for width × height, not a size variant.
update public.products p set
  area_list_id = l.id,
  area_min_width_in = a.min_w, area_max_width_in = a.max_w,
  area_min_height_in = a.min_h, area_max_height_in = a.max_h,
  area_presets = a.presets
from (values
  ('heavy-duty-vinyl-banner', 'Banners by square foot', 12, 600, 12, 120,
   '[{"label":"2 × 4 ft","width_in":24,"height_in":48},{"label":"3 × 6 ft","width_in":36,"height_in":72},{"label":"4 × 8 ft","width_in":48,"height_in":96}]'::jsonb),
  ('die-cut-logo-stickers', 'Stickers by size and quantity', 1, 12, 1, 12,
   '[{"label":"2 × 2 in","width_in":2,"height_in":2},{"label":"3 × 3 in","width_in":3,"height_in":3},{"label":"4 × 4 in","width_in":4,"height_in":4}]'::jsonb)
) as a (slug, list_name, min_w, max_w, min_h, max_h, presets)
join public.price_lists l on l.name = a.list_name
where p.slug = a.slug;

-- Garments priced by the shop's own charts (issue 44, item 15): a visitor of the demo sees the
-- pricing the shop is built on. One garment a chart: the crewneck screen-printed on the front, the
-- work shirt embroidered on the left chest, the long sleeve printed by DTG on the front; each with
-- the size upcharges (2XL and up) and standard turnaround with rush. Their price is now the blank's
-- (the chart adds the decoration), and they are made to order (their variants' stock not tracked,
-- below), as a shop selling 48 printed pieces is.
update public.products p set price_cents = g.blank_cents, garment_list_id = gl.id, turnaround_list_id = tl.id
from (values
  ('big-sky-crewneck', 1150),
  ('ranch-hand-work-shirt', 1600),
  ('pump-jack-long-sleeve', 750)
) as g (slug, blank_cents),
     public.price_lists gl, public.price_lists tl
where p.slug = g.slug and gl.name = 'Apparel size upcharges' and tl.name = 'Standard turnaround and rush';

insert into public.product_print_locations
  (product_id, code, name, price_cents_per_piece, setup_fee_cents, sort_order, print_width_in, price_list_id)
select p.id, l.code, l.name, 0, 0, l.sort_order, l.width_in, pl.id
from (values
  ('big-sky-crewneck',      'front',      'Front',      1, 12, 'Screen print contract chart'),
  ('big-sky-crewneck',      'back',       'Back',       2, 12, 'Screen print contract chart'),
  ('ranch-hand-work-shirt', 'left-chest', 'Left chest', 1, 4,  'Embroidery up to 10,000 stitches'),
  ('ranch-hand-work-shirt', 'back',       'Back',       2, 12, 'Embroidery up to 10,000 stitches'),
  ('pump-jack-long-sleeve', 'front',      'Front',      1, 12, 'DTG by print size'),
  ('pump-jack-long-sleeve', 'left-sleeve', 'Left sleeve', 2, 3.5, 'DTG by print size')
) as l (slug, code, name, sort_order, width_in, list_name)
join public.products p on p.slug = l.slug
join public.price_lists pl on pl.name = l.list_name;

-- Stock for every colour x size (or colour only / size only) a product is offered in.
-- A deterministic spread of 4..32 pieces for apparel and goods; made-to-order signs, banners
-- and stickers get a deep stock of blanks. Specific sell-outs and low stock follow.
insert into public.product_variants (product_id, color_id, size_id, stock_qty)
select p.id, pc.color_id, ps.size_id,
       case when p.product_type in ('sign', 'banner', 'sticker', 'decal')
            then 100 + (coalesce(c.sort_order, 0) * 11 + coalesce(s.sort_order, 0)) % 150
            else 4 + (coalesce(c.sort_order, 0) * 7 + coalesce(s.sort_order, 0) * 3 + p.sort_order) % 29
       end
from public.products p
left join public.product_colors pc on pc.product_id = p.id
left join public.colors c on c.id = pc.color_id
left join public.product_sizes ps on ps.product_id = p.id
left join public.sizes s on s.id = ps.size_id
where pc.color_id is not null or ps.size_id is not null;

-- The chart-priced garments above are made to order: nothing is counted off a shelf.
update public.product_variants v set stock_qty = null
from public.products p
where p.id = v.product_id and p.slug in ('big-sky-crewneck', 'ranch-hand-work-shirt', 'pump-jack-long-sleeve');

-- Sold out completely.
update public.product_variants v set stock_qty = 0
from public.products p
where p.id = v.product_id and p.slug in ('city-champ-quarter-zip', 'barrel-racer-tank');

-- One colour or size sold out.
update public.product_variants v set stock_qty = 0
from public.products p, public.colors c
where p.id = v.product_id and c.id = v.color_id
  and ((p.slug = 'mesquite-beanie' and c.name = 'Rust')
    or (p.slug = 'insulated-steel-tumbler' and c.name = 'Red'));

update public.product_variants v set stock_qty = 0
from public.products p, public.sizes s
where p.id = v.product_id and s.id = v.size_id
  and ((p.slug = 'game-day-hoodie' and s.name = '3XL')
    or (p.slug = 'west-texas-energy-tee' and s.name = 'XS'));

-- Only a few left (the "Only N left" warning shows at 3 or fewer).
update public.product_variants v set stock_qty = low.qty
from (values
  ('city-champ-rope-cap',    'Navy',         'fits all', 2),
  ('city-champ-rope-cap',    'White',        'fits all', 1),
  ('west-texas-energy-tee',  'Turquoise',    'L',        1),
  ('west-texas-energy-tee',  'Burnt Orange', '3XL',      3),
  ('caprock-sunset-hoodie',  'Maroon',       'L',        2),
  ('team-mom-vneck',         'Red',          'M',        3),
  ('rodeo-weekend-tee',      'Turquoise',    'M',        1),
  ('diner-ceramic-mug',      'Black',        '15 oz',    2)
) as low (slug, color_name, size_name, qty),
     public.products p, public.colors c, public.sizes s
where p.slug = low.slug and c.name = low.color_name and s.name = low.size_name
  and v.product_id = p.id and v.color_id = c.id and v.size_id = s.id;

update public.product_variants v set stock_qty = low.qty
from (values
  ('enamel-camp-mug',     'Turquoise', 3),
  ('city-champ-golf-towel', 'Navy',    2)
) as low (slug, color_name, qty),
     public.products p, public.colors c
where p.slug = low.slug and c.name = low.color_name
  and v.product_id = p.id and v.color_id = c.id and v.size_id is null;

update public.product_variants v set stock_qty = 2
from public.products p, public.sizes s
where p.slug = 'magnetic-vehicle-sign' and s.name = '18x24 in'
  and v.product_id = p.id and v.size_id = s.id and v.color_id is null;

-- ---------------------------------------------------------------------------------------------
-- Services and testimonials
-- ---------------------------------------------------------------------------------------------
-- metadata carries the Service Details list of the detail page:
-- idealFor (Ideal For), turnaround (Turnaround Time), materials (Materials, a list),
-- whatToExpect (What to Expect), requirements (Requirements).

insert into public.services
  (slug, name, tagline, category, short_description, description, description_html,
   base_price_cents, duration_minutes, metadata, image_main_url, image_secondary_url, is_active, sort_order)
values
  ('consulting', 'Brand Consulting', 'Find your look before you print a thing.', 'Branding',
   'Logo clean-up, colour palettes and a merch plan built around your budget.',
   E'Great merch starts with a brand that prints well. We sit down with you, in the shop or over a call, and look at what you have: your logo, your colours, where your name needs to show up.\n\nWe turn napkin sketches into print-ready vector art, build a simple brand sheet with your colours matched to ink and thread, and map out a first order that fits your budget, whether that is 24 tees for a crew or signage for a new storefront.',
   '<p>Great merch starts with a brand that prints well. We sit down with you, in the shop or over a call, and look at what you have: your logo, your colours, where your name needs to show up.</p><p>We turn napkin sketches into print-ready vector art, build a simple brand sheet with your colours matched to ink and thread, and map out a first order that fits your budget.</p><ul><li>Logo clean-up and vectorising</li><li>Ink and thread colour matching</li><li>A merch and signage plan</li></ul>',
   7500, 60,
   '{"idealFor": "New businesses, rebrands, churches, nonprofits and event organisers who want their name to look right on everything.", "turnaround": "Brand sheet and print-ready files within 5 business days of the session.", "materials": ["Vector logo files (AI, EPS, SVG, PDF)", "One-page brand sheet with Pantone, ink and thread matches", "Mock-ups on your chosen products"], "whatToExpect": "A 60-minute working session, one round of revisions, and a written quote for your first order. The consulting fee is credited back on print orders over $500.", "requirements": "Whatever you have today: a logo file, a photo of your sign, or a sketch. Bring examples of brands you like."}'::jsonb,
   '/images/services/consulting.webp', null, true, 1),

  ('apparel-printing', 'Custom Apparel Printing', 'Screen printing, embroidery and DTF for teams, crews and causes.', 'Printing',
   'Tees, hoodies, polos and caps printed in-house with eco-friendly inks.',
   E'From 12 shirts for a family reunion to 1,200 for a fun run, we print apparel in our West Texas shop on presses we run ourselves.\n\nWe help you pick the right method: screen printing for bold colours and big runs, embroidery for polos and caps that need to look sharp for years, and direct-to-film transfers for full-colour art and small quantities. Every job gets a proof before ink touches fabric.',
   '<p>From 12 shirts for a family reunion to 1,200 for a fun run, we print apparel in our West Texas shop on presses we run ourselves.</p><ul><li><strong>Screen printing</strong> for bold colours and big runs</li><li><strong>Embroidery</strong> for polos, caps and workwear</li><li><strong>Direct-to-film</strong> for full-colour art and small quantities</li></ul><p>Every job gets a proof before ink touches fabric.</p>',
   15000, 30,
   '{"idealFor": "Teams, schools, businesses, family reunions, fundraisers and events of any size.", "turnaround": "7-10 business days after proof approval; rush in 3-5 days when the press schedule allows.", "materials": ["Cotton, tri-blend and performance tees", "Fleece hoodies and crewnecks", "Polos, work shirts and caps", "Water-based and plastisol inks", "Madeira embroidery thread"], "whatToExpect": "A digital proof within one business day, a size breakdown sheet for your group, and a call when your order is boxed and ready.", "requirements": "Minimum 12 pieces per design for screen printing; no minimum for DTF. Vector art preferred; we can redraw other files for a small fee."}'::jsonb,
   '/images/services/apparel-printing.webp', null, true, 2),

  ('promotional-items', 'Promotional Products', 'Mugs, koozies, tumblers and totes people actually keep.', 'Promotional',
   'Branded giveaways and gifts for trade shows, open houses and customer appreciation.',
   E'A good promo item earns a spot on somebody''s desk, in their truck or at their tailgate. We help you choose things your customers will keep using, then put your logo on them the right way: laser engraving on steel, full-wrap prints on mugs, screen prints on canvas.\n\nWe source from suppliers we trust, check every piece before it ships, and can kit items together for events and onboarding boxes.',
   '<p>A good promo item earns a spot on somebody''s desk, in their truck or at their tailgate.</p><p>We help you choose things your customers will keep using, then brand them the right way: laser engraving on steel, full-wrap prints on mugs, screen prints on canvas.</p><p>We can also kit items together for events and onboarding boxes.</p>',
   20000, 30,
   '{"idealFor": "Trade shows, grand openings, realtor closing gifts, employee onboarding and customer appreciation events.", "turnaround": "10-14 business days for most items; in-stock mugs, koozies and totes in about a week.", "materials": ["Ceramic and enamel mugs", "Insulated steel tumblers", "Canvas and cotton totes", "Neoprene koozies", "Stickers and magnets"], "whatToExpect": "A short list of recommended items with pricing at your quantity, a virtual proof for each, and optional individual packing.", "requirements": "Most items start at 24 or 48 pieces. A vector logo gives the cleanest engraving and print."}'::jsonb,
   '/images/services/promotional-items.webp', null, true, 3),

  ('signs-banners', 'Signs & Banners', 'Yard signs, banners and storefront graphics that read from the road.', 'Printing',
   'Weatherproof signage for storefronts, job sites, campaigns and events.',
   E'West Texas is hard on signs: sun, wind and the occasional hailstorm. We print on materials that hold up, with UV-resistant inks and hardware rated for outdoor use.\n\nYard signs, vinyl banners, window decals, A-frames, vehicle magnets and trade show displays, designed in-house or printed from your files. Need it installed? We can hang banners and apply window graphics in town.',
   '<p>West Texas is hard on signs: sun, wind and the occasional hailstorm. We print on materials that hold up, with UV-resistant inks and hardware rated for outdoor use.</p><ul><li>Yard signs and directional signs</li><li>Vinyl banners with grommets and wind slits</li><li>Window decals and storefront lettering</li><li>Vehicle magnets and trade show displays</li></ul>',
   2500, 30,
   '{"idealFor": "Storefronts, contractors, realtors, campaigns, churches, schools and event organisers.", "turnaround": "2-3 business days for yard signs and banners; 5-7 days for larger installs.", "materials": ["4 mm corrugated plastic", "13 oz scrim vinyl", "Outdoor adhesive vinyl", "30 mil vehicle magnet", "Aluminium composite panel"], "whatToExpect": "We confirm sizes and viewing distance with you, send a proof, and let you know the day it is ready for pickup or install.", "requirements": "Final sizes and quantities, plus your logo or artwork. High-resolution photos for photo signs (at least 150 dpi at print size)."}'::jsonb,
   '/images/services/signs-banners.webp', null, true, 4),

  ('online-store', 'Online Team Stores', 'Your own pop-up store: we print, pack and ship every order.', 'E-Commerce',
   'A branded online store for your team, school or company, with no inventory risk.',
   E'Skip the spreadsheet of sizes and the stack of cash envelopes. We set up an online store with your designs, open it for a set window, then print exactly what people ordered.\n\nYour members pay online, we bag orders individually by name, and you get a report of every order. Fundraising? Add a margin to each item and we send you a check when the store closes.',
   '<p>Skip the spreadsheet of sizes and the stack of cash envelopes. We set up an online store with your designs, open it for a set window, then print exactly what people ordered.</p><ul><li>No upfront cost and no leftover inventory</li><li>Orders bagged individually by name</li><li>Optional fundraising margin paid out when the store closes</li></ul>',
   9900, 45,
   '{"idealFor": "Booster clubs, sports leagues, companies with remote staff, churches and fundraisers.", "turnaround": "Store live within 3 business days; orders ship 7-10 business days after the store closes.", "materials": ["Hosted store page with your branding", "Up to 12 products per store", "Order and fundraising reports"], "whatToExpect": "A kick-off call to choose products and dates, a preview link to approve, reminders while the store is open, and one bulk delivery or individual shipping.", "requirements": "Your designs (or book a consulting session), a store window of 1-3 weeks, and a contact person for questions."}'::jsonb,
   '/images/services/online-store.webp', null, true, 5);

insert into public.testimonials (service_id, quote, author, is_spotlight, is_home, sort_order)
select s.id, t.quote, t.author, t.is_spotlight, t.is_home, t.sort_order
from (values
  ('consulting', 'We walked in with a logo my cousin drew on a napkin and walked out with files that look great on everything from koozies to our trailer wrap.', 'Dana Whitaker, Whitaker Pecan Farm', false, false, 1),
  ('consulting', 'They talked us out of a twelve-colour print and into a two-colour design that looks better and cost half as much. That is honest advice.', 'Pastor Luis Ybarra, Iglesia Nueva Vida', false, false, 2),
  ('consulting', 'The brand sheet alone was worth it. Our sign company, our web person and our printer finally use the same red.', 'Kendra Moss, Moss & Co. Realty', false, false, 3),
  ('apparel-printing', 'Two hundred shirts for our fun run, every size right, boxed by team and ready two days early.', 'Coach Darnell Hayes, Permian Striders', false, false, 1),
  ('apparel-printing', 'The embroidered work shirts still look new after a year of feedlot laundry. We just reordered for the whole crew.', 'Tomás Ortega, Ortega Cattle Co.', false, false, 2),
  ('promotional-items', 'Our engraved tumblers were gone in the first hour of the expo. People came back to the booth asking for a second one.', 'Jill Brandt, South Plains Insurance Group', false, false, 1),
  ('promotional-items', 'We hand a mug and a tote to every new homeowner now. Clients send us pictures of them years later.', 'Kendra Moss, Moss & Co. Realty', false, false, 2),
  ('signs-banners', 'Our grand-opening banner survived a 60 mph dust storm with every grommet still in place.', 'Marcus Bell, Dust Devil Coffee Co.', false, false, 1),
  ('signs-banners', 'I order campaign yard signs on Monday and put them in the ground on Wednesday. They have never missed a deadline.', 'Rosa Villarreal, Villarreal for County Commissioner', false, false, 2),
  ('signs-banners', 'The window lettering matched our menu font perfectly, and they installed it before we opened that morning.', 'Ana Cisneros, La Mesa Tortilleria', false, false, 3),
  ('online-store', 'The online store saved our booster club forty hours of collecting sizes and cash, and raised $2,300 on top.', 'Shelly Pruitt, Coyotes Booster Club', false, false, 1),
  ('online-store', 'Our staff across three towns ordered their own sizes and got their shirts shipped home. No more guessing.', 'Brian Chu, Mesa Energy Services', false, false, 2)
) as t (service_slug, quote, author, is_spotlight, is_home, sort_order)
join public.services s on s.slug = t.service_slug;

-- Brand Spotlights (the two long quotes on /testimonials) and the three home carousel quotes.
insert into public.testimonials (service_id, quote, author, is_spotlight, is_home, sort_order) values
  (null,
   'When we took over the City Champ tournament, the gear was an afterthought: leftover shirts in a closet and a banner with last decade''s sponsors. This crew rebuilt the whole look with us. New crest, polos our players actually wear to church, tee-box signs for every sponsor, and an online store so families could order without calling me. Registrations went up by a third, and for the first time sponsors asked to be on next year''s signs before we asked them. They answer the phone, they know our deadlines better than we do, and everything is printed twenty minutes from the course.',
   'Lauren Kimbrough, Tournament Director, City Champ Golf', true, false, 1),
  (null,
   'We opened Dust Devil Coffee with four weeks of savings left and no room for mistakes. They helped us turn a rough logo into a brand that works on cups, aprons, a storefront and a delivery truck, then printed all of it on a schedule that matched our opening day. Two years later our tees are the second best-selling thing on the menu after cold brew, and customers still stop to take pictures in front of the window lettering. It feels like having a creative director and a print shop down the street, because we do.',
   'Marcus Bell, Owner, Dust Devil Coffee Co.', true, false, 2),
  (null, 'Fast, friendly and the shirts look incredible. Our whole office wears them on Fridays.', 'Becca Nguyen, San Angelo', false, true, 1),
  (null, 'They treat a 24-piece order like it matters as much as a 2,000-piece one.', 'Hank Pruitt, Big Spring', false, true, 2),
  (null, 'Local, eco-friendly inks and real people who pick up the phone. We will not print anywhere else.', 'Maria Delgado, Lubbock', false, true, 3);

-- ---------------------------------------------------------------------------------------------
-- Discount codes (matched case-insensitively; percentage amount_cents is basis points)
-- ---------------------------------------------------------------------------------------------

insert into public.discount_codes (code, name, type, amount_cents, is_active, max_uses, total_uses, email, created_at) values
  ('SAVE10',     '$10 off any order',                    'fixed',          1000, true,  null, 12, null, now() - interval '200 days'),
  ('WELCOME10',  '10% off your first order',             'percentage',     1000, true,  null, 31, null, now() - interval '200 days'),
  ('FREESHIP',   'Free shipping',                        'free_shipping',     0, true,  null, 18, null, now() - interval '180 days'),
  ('CITYCHAMP15','City Champ players: 15% off',          'percentage',     1500, true,   200, 37, null, now() - interval '20 days'),
  ('HOWDY25',    'Grand opening: $25 off (first 25)',    'fixed',          2500, true,    25, 25, null, now() - interval '400 days'),
  ('RODEO2025',  'Rodeo weekend 2025: 15% off (ended)',  'percentage',     1500, false, null, 44, null, now() - interval '300 days'),
  ('WT-BN7Q4K',  'Newsletter welcome: becca.nguyen@example.com', 'percentage', 1000, true, 1, 1, 'becca.nguyen@example.com', now() - interval '35 days'),
  ('WT-HP3M8R',  'Newsletter welcome: hank.pruitt@example.com',  'percentage', 1000, true, 1, 0, 'hank.pruitt@example.com',  now() - interval '9 days'),
  ('WT-LS6D2X',  'Newsletter welcome: lisa.salinas@example.com', 'percentage', 1000, true, 1, 0, 'lisa.salinas@example.com', now() - interval '4 days'),
  ('WT-GF9T5W',  'Newsletter welcome: gus.fenwick@example.com',  'percentage', 1000, true, 1, 0, 'gus.fenwick@example.com',  now() - interval '80 days');

-- ---------------------------------------------------------------------------------------------
-- E-mail templates ({{binding}} placeholders; bindings ending in "Html" are pre-rendered HTML)
-- ---------------------------------------------------------------------------------------------

insert into public.email_templates (name, subject, txt, html, bindings) values
  ('contact-notification',
   'New {{subject}} message from {{fullName}}',
   E'New message from the website contact form.\n\nName: {{fullName}}\nE-mail: {{emailAddress}}\nInquiry: {{subject}}\nReceived: {{receivedAt}}\n\n{{message}}\n\nReply to this e-mail to answer {{fullName}} directly.',
   '<h2 style="font-family:Arial,sans-serif;color:#1C1C1C">New contact message</h2><table style="font-family:Arial,sans-serif;font-size:14px"><tr><td><strong>Name</strong></td><td>{{fullName}}</td></tr><tr><td><strong>E-mail</strong></td><td><a href="mailto:{{emailAddress}}">{{emailAddress}}</a></td></tr><tr><td><strong>Inquiry</strong></td><td>{{subject}}</td></tr><tr><td><strong>Received</strong></td><td>{{receivedAt}}</td></tr></table><p style="font-family:Arial,sans-serif;font-size:14px;white-space:pre-line;border-left:4px solid #BF5700;padding-left:12px">{{message}}</p>',
   array['fullName', 'emailAddress', 'subject', 'message', 'receivedAt']),
  ('contact-acknowledgement',
   'We got your message, {{fullName}}',
   E'Hi {{fullName}},\n\nThanks for reaching out to {{shopName}}. We received your message about "{{subject}}" and someone from our team will get back to you within one business day (Mon-Fri, 9am-5pm).\n\nTalk soon,\nThe {{shopName}} team\nPrints with West Texas energy.\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<p>Hi {{fullName}},</p><p>Thanks for reaching out to {{shopName}}. We received your message about <strong>{{subject}}</strong> and someone from our team will get back to you within one business day (Mon-Fri, 9am-5pm).</p><p>Talk soon,<br>The {{shopName}} team</p><p style="color:#BF5700"><em>Prints with West Texas energy.</em></p>{{shopFooterHtml}}</div>',
   array['fullName', 'subject', 'shopName', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText']),
  ('newsletter-welcome',
   'Welcome to the list! Here is 10% off your first order',
   E'Howdy!\n\nThanks for joining the {{shopName}} mailing list. You will hear about new collections, tournament and game-day gear, and the occasional sale. No spam, ever.\n\nAs promised, here is 10% off your first order:\n\n    {{discountCode}}\n\nEnter it in your cart under "Have a promo code?". It works once.\n\nShop now: {{shopUrl}}\n\nPrints with West Texas energy.\n\nDon''t want these e-mails? Unsubscribe: {{unsubscribeUrl}}\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<h1 style="color:#BF5700">Welcome to the list!</h1><p>Thanks for joining the {{shopName}} mailing list. You will hear about new collections, tournament and game-day gear, and the occasional sale. No spam, ever.</p><p>As promised, here is <strong>10% off your first order</strong>:</p><p style="font-size:24px;font-weight:bold;letter-spacing:2px;border:2px dashed #BF5700;padding:12px;text-align:center">{{discountCode}}</p><p>Enter it in your cart under "Have a promo code?". It works once.</p><p><a href="{{shopUrl}}" style="background:#1C1C1C;color:#FFFFFF;padding:10px 18px;text-decoration:none;border-radius:4px">Shop now</a></p><p style="color:#777;font-size:12px">Don''t want these e-mails? <a href="{{unsubscribeUrl}}">Unsubscribe</a>.</p>{{shopFooterHtml}}</div>',
   array['shopName', 'discountCode', 'shopUrl', 'unsubscribeUrl', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText']),
  ('order-confirmation',
   'Thanks for your order! Order {{orderNumber}} is confirmed',
   E'Hi {{customerName}},\n\nThanks for your order! We have received your payment and your order {{orderNumber}} is in line for the press.\n\n{{artworkText}}\n\n{{itemsText}}\n\nSubtotal: {{subtotal}}\n{{discountLine}}{{shippingLabel}}: {{shipping}}\nEstimated tax: {{tax}}\nTotal: {{total}}\n{{depositLine}}\nFulfillment: {{fulfillment}}\n{{readyByLine}}\nWe will e-mail you again when it ships or is ready for pickup. Questions? Just reply to this e-mail or call us at {{shopPhone}}.\n\nFollow your order: {{orderUrl}}\n\nThe {{shopName}} team\nPrints with West Texas energy.\n\n{{shopFooterText}}',
   '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1C1C1C;max-width:560px">{{shopHeaderHtml}}<h1 style="color:#BF5700">Thanks for your order!</h1><p>Hi {{customerName}}, we have received your payment and order <strong>{{orderNumber}}</strong> is in line for the press.</p>{{artworkHtml}}<table style="width:100%;border-collapse:collapse;font-size:14px"><thead><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Amount</th></tr></thead><tbody>{{itemsHtml}}</tbody></table><table style="width:100%;font-size:14px;margin-top:12px"><tr><td>Subtotal</td><td align="right">{{subtotal}}</td></tr>{{discountRowHtml}}<tr><td>{{shippingLabel}}</td><td align="right">{{shipping}}</td></tr><tr><td>Estimated tax</td><td align="right">{{tax}}</td></tr><tr><td><strong>Total</strong></td><td align="right"><strong>{{total}}</strong></td></tr>{{depositRowHtml}}</table><p>Fulfillment: {{fulfillment}}</p>{{readyByHtml}}<p>We will e-mail you again when it ships or is ready for pickup. Questions? Just reply to this e-mail or call us at <a href="tel:{{shopPhone}}">{{shopPhone}}</a>.</p><p><a href="{{orderUrl}}" style="color:#BF5700;font-weight:bold">Follow your order</a></p><p>The {{shopName}} team<br><em style="color:#BF5700">Prints with West Texas energy.</em></p>{{shopFooterHtml}}</div>',
   array['customerName', 'orderNumber', 'itemsText', 'itemsHtml', 'subtotal', 'discount', 'discountLine', 'discountRowHtml', 'shippingLabel', 'shipping', 'tax', 'total', 'fulfillment', 'shopName', 'shopPhone', 'orderUrl', 'artworkText', 'artworkHtml', 'shopHeaderHtml', 'shopFooterHtml', 'shopFooterText', 'depositLine', 'depositRowHtml', 'readyByLine', 'readyByHtml']);

-- ---------------------------------------------------------------------------------------------
-- People
-- ---------------------------------------------------------------------------------------------

insert into public.users (email, full_name, role, created_at, updated_at) values
  ('renee.castillo@example.com',   'Renee Castillo',   'admin',    now() - interval '400 days', now() - interval '400 days'),
  ('maria.delgado@example.com',    'Maria Delgado',    'customer', now() - interval '240 days', now() - interval '240 days'),
  ('jake.whitfield@example.com',   'Jake Whitfield',   'customer', now() - interval '200 days', now() - interval '200 days'),
  ('lauren.kimbrough@example.com', 'Lauren Kimbrough', 'customer', now() - interval '180 days', now() - interval '180 days'),
  ('priya.raman@example.com',      'Priya Raman',      'customer', now() - interval '150 days', now() - interval '150 days'),
  ('darnell.hayes@example.com',    'Darnell Hayes',    'customer', now() - interval '130 days', now() - interval '130 days'),
  ('tomas.ortega@example.com',     'Tomás Ortega',     'customer', now() - interval '100 days', now() - interval '100 days'),
  ('becca.nguyen@example.com',     'Becca Nguyen',     'customer', now() - interval '35 days',  now() - interval '35 days'),
  ('hank.pruitt@example.com',      'Hank Pruitt',      'customer', now() - interval '9 days',   now() - interval '9 days');

-- ---------------------------------------------------------------------------------------------
-- Orders: inserted with zero totals, lines added, then priced with the shop's rules:
-- discount (fixed capped at subtotal, percentage = amount_cents/10000 of subtotal), shipping
-- 500/1500/2500 by speed but 0 for local handoff, a free_shipping code or a discounted subtotal
-- of $100+, tax 8% of the discounted subtotal, total = subtotal - discount + shipping + tax.
-- ---------------------------------------------------------------------------------------------

-- The state column: pending, cancelled, paid (a job at the shop) or completed (paid and handed
-- over: status paid, stage completed).
insert into public.orders
  (user_id, email, status, stage, fulfillment, shipping_speed, discount_code_id, discount_code,
   payment_provider, payment_session_id, expires_at, paid_at, fulfilled_at, cancelled_at, created_at)
select u.id, o.email,
       case when o.state = 'completed' then 'paid' else o.state end,
       case when o.state in ('paid', 'completed') then o.state end,
       o.fulfillment, o.shipping_speed, dc.id, dc.code,
       'stripe', o.session_id,
       now() - o.created_ago + interval '24 hours',
       case when o.state in ('paid', 'completed') then now() - o.created_ago + interval '3 minutes' end,
       case when o.state = 'completed' then now() - o.created_ago + o.fulfilled_after end,
       case when o.state = 'cancelled' then now() - o.created_ago + interval '24 hours' end,
       now() - o.created_ago
from (values
  ('cs_test_demo_0001', 'maria.delgado@example.com',    'completed', 'shipping', 'standard',  null,         interval '150 days',    interval '3 days'),
  ('cs_test_demo_0002', 'lauren.kimbrough@example.com', 'completed', 'local',    null,        null,         interval '120 days',    interval '6 days'),
  ('cs_test_demo_0003', 'jake.whitfield@example.com',   'completed', 'shipping', 'express',   'WELCOME10',  interval '95 days',     interval '2 days'),
  ('cs_test_demo_0004', 'sam.okafor@example.com',       'completed', 'shipping', 'standard',  'FREESHIP',   interval '70 days',     interval '4 days'),
  ('cs_test_demo_0005', 'lauren.kimbrough@example.com', 'completed', 'shipping', 'overnight', 'CITYCHAMP15', interval '16 days',    interval '1 day'),
  ('cs_test_demo_0006', 'darnell.hayes@example.com',    'paid',      'shipping', 'overnight', null,         interval '12 days',     null),
  ('cs_test_demo_0007', 'priya.raman@example.com',      'paid',      'shipping', 'standard',  'SAVE10',     interval '6 days',      null),
  ('cs_test_demo_0008', 'tomas.ortega@example.com',     'paid',      'local',    null,        null,         interval '3 days',      null),
  ('cs_test_demo_0009', 'becca.nguyen@example.com',     'paid',      'shipping', 'standard',  'WT-BN7Q4K',  interval '2 days',      null),
  ('cs_test_demo_0010', 'hank.pruitt@example.com',      'pending',   'shipping', 'standard',  null,         interval '25 minutes',  null),
  ('cs_test_demo_0011', 'kris.lowe@example.com',        'pending',   'local',    null,        null,         interval '10 minutes',  null),
  ('cs_test_demo_0012', 'jake.whitfield@example.com',   'cancelled', 'shipping', 'express',   null,         interval '40 days',     null),
  ('cs_test_demo_0013', 'maria.delgado@example.com',    'cancelled', 'shipping', 'standard',  null,         interval '20 days',     null)
) as o (session_id, email, state, fulfillment, shipping_speed, code, created_ago, fulfilled_after)
left join public.users u on lower(u.email) = lower(o.email)
left join public.discount_codes dc on upper(dc.code) = upper(o.code);

insert into public.order_items
  (order_id, product_id, color_id, size_id, name, item_type, quantity, unit_price_cents, variant_metadata)
select o.id, p.id, c.id, s.id, p.name, 'product', i.quantity, p.price_cents,
       jsonb_strip_nulls(jsonb_build_object('color', c.name, 'size', s.name))
from (values
  ('cs_test_demo_0001', 'west-texas-energy-tee',          'Black',     'M',        2),
  ('cs_test_demo_0001', 'caprock-sunset-hoodie',          'Sand',      'L',        1),
  ('cs_test_demo_0002', 'city-champ-performance-polo',    'White',     'M',        6),
  ('cs_test_demo_0002', 'city-champ-performance-polo',    'Navy',      'L',        6),
  ('cs_test_demo_0002', 'city-champ-rope-cap',            'Navy',      'fits all', 4),
  ('cs_test_demo_0003', 'insulated-steel-tumbler',        'Black',     null,       1),
  ('cs_test_demo_0003', 'can-koozie-four-pack',           'Red',       null,       1),
  ('cs_test_demo_0004', 'die-cut-logo-stickers',          'White',     '3x3 in',   1),
  ('cs_test_demo_0005', 'city-champ-performance-polo',    'Navy',      'XL',       2),
  ('cs_test_demo_0006', 'friday-night-lights-spirit-tee', 'Red',       'L',        3),
  ('cs_test_demo_0006', 'rally-towel',                    'Red',       null,       5),
  ('cs_test_demo_0007', 'heavy-duty-vinyl-banner',        null,        '3x6 ft',   1),
  ('cs_test_demo_0008', 'ranch-hand-work-shirt',          'Navy',      'XL',       2),
  ('cs_test_demo_0008', 'buckle-up-snapback',             'Rust',      'fits all', 1),
  ('cs_test_demo_0009', 'enamel-camp-mug',                'Turquoise', null,       2),
  ('cs_test_demo_0009', 'sticker-sampler-pack',           null,        null,       1),
  ('cs_test_demo_0010', 'pump-jack-long-sleeve',          'Black',     'XL',       1),
  ('cs_test_demo_0011', 'west-texas-energy-sticker',      null,        null,       4),
  ('cs_test_demo_0012', 'city-champ-quarter-zip',         'Navy',      'M',        1),
  ('cs_test_demo_0013', 'heavy-canvas-tote',              'Sand',      'fits all', 2)
) as i (session_id, product_slug, color_name, size_name, quantity)
join public.orders o on o.payment_session_id = i.session_id
join public.products p on p.slug = i.product_slug
left join public.colors c on c.name = i.color_name
left join public.sizes s on s.name = i.size_name;

with subtotals as (
  select o.id, o.fulfillment, o.shipping_speed, dc.type as discount_type, dc.amount_cents as discount_amount,
         sum(i.quantity * i.unit_price_cents)::integer as subtotal
  from public.orders o
  join public.order_items i on i.order_id = o.id
  left join public.discount_codes dc on dc.id = o.discount_code_id
  group by o.id, dc.type, dc.amount_cents
),
discounted as (
  select *,
         case discount_type
           when 'fixed' then least(discount_amount, subtotal)
           when 'percentage' then round(subtotal * discount_amount / 10000.0)::integer
           else 0
         end as discount
  from subtotals
),
priced as (
  select *,
         case
           when fulfillment = 'local' or discount_type = 'free_shipping' or subtotal - discount >= 10000 then 0
           when shipping_speed = 'express' then 1500
           when shipping_speed = 'overnight' then 2500
           else 500
         end as shipping,
         round((subtotal - discount) * 8 / 100.0)::integer as tax
  from discounted
)
update public.orders o
set subtotal_cents = p.subtotal,
    discount_cents = p.discount,
    shipping_cents = p.shipping,
    tax_cents = p.tax,
    total_cents = p.subtotal - p.discount + p.shipping + p.tax,
    updated_at = coalesce(o.cancelled_at, o.fulfilled_at, o.paid_at, o.created_at)
from priced p
where p.id = o.id;

-- One lapsed checkout whose payment still went through: the admin flags it for the owner.
update public.orders
set attention_reason = 'A Stripe payment completed after this order was cancelled or its checkout expired. Its stock was put back: refund the payment in Stripe or fulfil the order by hand.',
    attention_at = cancelled_at + interval '2 hours'
where payment_session_id = 'cs_test_demo_0013';

insert into public.order_shipping
  (order_id, name, address_line1, address_line2, city, state, postal_code, country, shipping_amount_cents)
select o.id, a.name, a.line1, a.line2, a.city, a.state, a.postal_code, 'US', o.shipping_cents
from (values
  ('cs_test_demo_0001', 'Maria Delgado',    '2417 19th St',           null,        'Lubbock',    'TX', '79410'),
  ('cs_test_demo_0003', 'Jake Whitfield',   '4602 W Wadley Ave',      'Apt 118',   'Midland',    'TX', '79707'),
  ('cs_test_demo_0004', 'Sam Okafor',       '1550 Larimer St',        'Unit 402',  'Denver',     'CO', '80202'),
  ('cs_test_demo_0005', 'Lauren Kimbrough', '6702 Elgin Ave',         null,        'Lubbock',    'TX', '79413'),
  ('cs_test_demo_0006', 'Darnell Hayes',    '3100 E 42nd St',         null,        'Odessa',     'TX', '79762'),
  ('cs_test_demo_0007', 'Priya Raman',      '881 Sayles Blvd',        null,        'Abilene',    'TX', '79605'),
  ('cs_test_demo_0009', 'Becca Nguyen',     '2205 W Beauregard Ave',  null,        'San Angelo', 'TX', '76901')
) as a (session_id, name, line1, line2, city, state, postal_code)
join public.orders o on o.payment_session_id = a.session_id;

-- What each paid demo order's checkout collected, as a payment of its own (issue 29).
insert into public.order_payments (order_id, amount_cents, method, provider, provider_session_id, paid_at)
select o.id, o.total_cents, case when o.payment_provider = 'stripe' then 'card' else 'test' end,
       case when o.payment_provider = 'stripe' then 'stripe' else 'embedded' end, o.payment_session_id, o.paid_at
from public.orders o
where o.paid_at is not null and o.total_cents > 0 and o.payment_session_id is not null;

-- ---------------------------------------------------------------------------------------------
-- Mailing list and contact form
-- ---------------------------------------------------------------------------------------------

insert into public.newsletter_subscribers (email, discount_code_id, created_at, unsubscribed_at)
select s.email, dc.id, now() - s.subscribed_ago, now() - s.unsubscribed_ago
from (values
  ('becca.nguyen@example.com', 'WT-BN7Q4K', interval '35 days', null::interval),
  ('hank.pruitt@example.com',  'WT-HP3M8R', interval '9 days',  null),
  ('lisa.salinas@example.com', 'WT-LS6D2X', interval '4 days',  null),
  ('gus.fenwick@example.com',  'WT-GF9T5W', interval '80 days', interval '20 days')
) as s (email, code, subscribed_ago, unsubscribed_ago)
left join public.discount_codes dc on dc.code = s.code;

insert into public.contact_messages (full_name, email, subject, message, created_at) values
  ('Shelly Pruitt', 'shelly.pruitt@example.com', 'Event Partnerships',
   E'Hi! I run the Coyotes Booster Club in Big Spring. We would like to set up an online store for playoff shirts and hoodies, open for about two weeks. Can someone call me about pricing and a fundraising margin?',
   now() - interval '18 days'),
  ('Jake Whitfield', 'jake.whitfield@example.com', 'Order Help',
   E'My checkout for the City Champ quarter-zip timed out and the site now says it is sold out. Is there any chance you will restock the Navy in medium before the tournament?',
   now() - interval '39 days'),
  ('Ana Cisneros', 'ana.cisneros@example.com', 'General Inquiry',
   E'Do you print window lettering in a custom font? We are opening a second location in Slaton and want it to match our first store.',
   now() - interval '11 days'),
  ('Wes Harlan', 'wes.harlan@example.com', 'Other',
   E'Could you quote 48 engraved tumblers for our crew for Christmas? Company logo on one side, employee first name on the other.',
   now() - interval '5 days'),
  ('Dana Whitaker', 'dana.whitaker@example.com', 'General Inquiry',
   E'We need 300 pecan-harvest festival tees in two colours by October 1. What is the latest date we can send final art?',
   now() - interval '2 days');

-- ---------------------------------------------------------------------------------------------
-- A team store (docs/decisions/0030-team-stores.md): approved, open for a long while, public, on
-- seeded products, with a name and number on the tee. Fixed ids so the demo, the hostile corpus and
-- the e2e journey find it.
-- ---------------------------------------------------------------------------------------------

insert into public.stores (id, slug, name, organiser_name, organiser_email, visibility, opens_at, closes_at,
  minimum_per_design, missed_minimum, delivery, delivery_days_min, delivery_days_max, status, approved_at)
values ('5eed5700-0000-4000-8000-000000000001', 'city-champ-golf-2026', 'City Champ Golf 2026 team store',
  'City Champ Golf Boosters', 'boosters@example.com', 'public', now() - interval '2 days', now() + interval '28 days',
  24, 'refund', 'organiser', 7, 21, 'approved', now() - interval '3 days');

insert into public.store_designs (id, store_id, product_id, position, name, price_cents, fundraising_cents,
  fundraising_bp, color_ids, size_ids, personalise_name, personalise_number)
select d.id, '5eed5700-0000-4000-8000-000000000001', p.id, d.position, d.name, d.price_cents, d.fundraising_cents,
  d.fundraising_bp,
  (select jsonb_agg(c.id order by c.sort_order) from public.colors c where c.name = any (d.colors)),
  (select jsonb_agg(s.id order by s.sort_order) from public.sizes s where s.name = any (d.sizes)),
  d.personalise_name, d.personalise_number
from (values
  ('5eed5700-0000-4000-8000-000000000002'::uuid, 'city-champ-tourney-tee', 1, 'Team Tee, front crest', 2200, 400, null::int,
   array['White', 'Heather Gray'], array['S', 'M', 'L', 'XL', '2XL'],
   '{"price_cents": 500, "max_length": 12}'::jsonb, '{"price_cents": 300, "max_digits": 2}'::jsonb),
  ('5eed5700-0000-4000-8000-000000000003'::uuid, 'city-champ-rope-cap', 2, 'Team Rope Cap', 2600, null, 1000,
   array['Navy'], array['fits all'], null, null)
) as d (id, product_slug, position, name, price_cents, fundraising_cents, fundraising_bp, colors, sizes,
        personalise_name, personalise_number)
join public.products p on p.slug = d.product_slug;

insert into public.store_design_locations (design_id, code, name, position) values
  ('5eed5700-0000-4000-8000-000000000002', 'front', 'Front', 1),
  ('5eed5700-0000-4000-8000-000000000003', 'front', 'Front', 1);

-- Issue 48: the customer e-mails carry the My orders link (migration 20261130130200). Only when
-- that migration has run: tests seed a database migrated up to an older file.
do $$
begin
  if to_regprocedure('public.add_my_orders_link()') is not null then
    perform public.add_my_orders_link();
  end if;
end
$$;

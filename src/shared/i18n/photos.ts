// Labels of product photographs: the galleries travellers step through and the console's photo pages.
import type { LabelTable } from './types';

const L = (en: string, es: string, fr: string) => ({ 'en-US': en, 'es-ES': es, 'fr-FR': fr });

export const photoLabels: LabelTable = {
  ph_gallery: L('Photos of {name}', 'Fotos: {name}', 'Photos : {name}'),
  ph_previous: L('Previous photo', 'Foto anterior', 'Photo précédente'),
  ph_next: L('Next photo', 'Foto siguiente', 'Photo suivante'),
  ph_count: L('{n} / {total}', '{n} / {total}', '{n} / {total}'),
  ph_count_spoken: L('Photo {n} of {total}', 'Foto {n} de {total}', 'Photo {n} sur {total}'),
  ph_no_photo: L('No photo yet', 'Aún no hay fotos', 'Pas encore de photo'),
  // Console
  ph_products_title: L('Products', 'Productos', 'Produits'),
  ph_products_intro: L('Your site’s products. Open one to add, order and describe its photos.', 'Los productos de tu sitio. Abre uno para añadir, ordenar y describir sus fotos.', 'Les produits de votre site. Ouvrez-en un pour ajouter, ordonner et décrire ses photos.'),
  ph_col_product: L('Product', 'Producto', 'Produit'),
  ph_col_type: L('Type', 'Tipo', 'Type'),
  ph_col_city: L('City', 'Ciudad', 'Ville'),
  ph_col_photos: L('Photos', 'Fotos', 'Photos'),
  ph_manage: L('Photos of {name}', 'Fotos: {name}', 'Photos : {name}'),
  ph_title: L('Photos', 'Fotos', 'Photos'),
  ph_back: L('All products', 'Todos los productos', 'Tous les produits'),
  ph_upload_label: L('Add a photo (JPEG, PNG, WebP or AVIF, at most 8 MiB, at least 640 × 400 pixels)', 'Añadir una foto (JPEG, PNG, WebP o AVIF, 8 MiB como máximo, 640 × 400 píxeles como mínimo)', 'Ajouter une photo (JPEG, PNG, WebP ou AVIF, 8 Mio au plus, 640 × 400 pixels au moins)'),
  ph_upload: L('Upload', 'Subir', 'Envoyer'),
  ph_uploading: L('Uploading…', 'Subiendo…', 'Envoi…'),
  ph_uploaded: L('Photo added', 'Foto añadida', 'Photo ajoutée'),
  ph_position: L('Photo {n}', 'Foto {n}', 'Photo {n}'),
  ph_alt_legend: L('Alt text of photo {n} (what a person who cannot see it needs to know)', 'Texto alternativo de la foto {n} (lo que necesita saber quien no puede verla)', 'Texte alternatif de la photo {n} (ce que doit savoir une personne qui ne la voit pas)'),
  ph_alt_lang_en: L('English', 'Inglés', 'Anglais'),
  ph_alt_lang_fr: L('French', 'Francés', 'Français'),
  ph_alt_lang_es: L('Spanish', 'Español', 'Espagnol'),
  ph_save_alt: L('Save alt text', 'Guardar texto alternativo', 'Enregistrer le texte alternatif'),
  ph_saved: L('Saved', 'Guardado', 'Enregistré'),
  ph_move_up: L('Move photo {n} up', 'Subir la foto {n}', 'Monter la photo {n}'),
  ph_move_down: L('Move photo {n} down', 'Bajar la foto {n}', 'Descendre la photo {n}'),
  ph_drag: L('Drag to reorder photo {n}', 'Arrastra para reordenar la foto {n}', 'Faites glisser pour réordonner la photo {n}'),
  ph_remove: L('Remove photo {n}', 'Quitar la foto {n}', 'Retirer la photo {n}'),
  ph_removed: L('Photo removed', 'Foto quitada', 'Photo retirée'),
  ph_moved: L('Photo moved to position {n}', 'Foto movida a la posición {n}', 'Photo déplacée en position {n}'),
  ph_none: L('This product has no photos yet.', 'Este producto aún no tiene fotos.', 'Ce produit n’a pas encore de photo.'),
  ph_first: L('Shown first', 'Se muestra primero', 'Affichée en premier'),
};

/** The photo routes' messages (src/shared/photos.ts PHOTO_MSG) in every language, keyed `ph_msg_<name>`. */
export const photoMessageLabels: LabelTable = {
  ph_msg_tooLarge: L('The photo is larger than 8 MiB', 'La foto supera los 8 MiB', 'La photo dépasse 8 Mio'),
  ph_msg_empty: L('Choose a photo to upload', 'Elige una foto para subir', 'Choisissez une photo à envoyer'),
  ph_msg_notImage: L('The file is not a JPEG, PNG, WebP or AVIF image', 'El archivo no es una imagen JPEG, PNG, WebP o AVIF', 'Le fichier n’est pas une image JPEG, PNG, WebP ou AVIF'),
  ph_msg_unreadable: L('The image could not be read: it may be damaged', 'No se pudo leer la imagen: puede estar dañada', 'L’image n’a pas pu être lue\u202f: elle est peut-être endommagée'),
  ph_msg_tooSmall: L('The photo must be at least 640 × 400 pixels', 'La foto debe medir al menos 640 × 400 píxeles', 'La photo doit mesurer au moins 640 × 400 pixels'),
  ph_msg_full: L('A product holds at most 12 photos: remove one first', 'Un producto admite 12 fotos como máximo: quita una primero', 'Un produit compte au plus 12 photos\u202f: retirez-en une d’abord'),
  ph_msg_noSuchProduct: L('No such product', 'Ese producto no existe', 'Ce produit n’existe pas'),
  ph_msg_noSuchPhoto: L('No such photo', 'Esa foto no existe', 'Cette photo n’existe pas'),
  ph_msg_noSuchImage: L('No such image', 'Esa imagen no existe', 'Cette image n’existe pas'),
  ph_msg_orderMismatch: L('The order must list every photo of the product once', 'El orden debe incluir cada foto del producto una vez', 'L’ordre doit citer chaque photo du produit une fois'),
  ph_msg_alt: L('Alt text is at most 200 characters of plain text', 'El texto alternativo tiene como máximo 200 caracteres de texto sin formato', 'Le texte alternatif compte au plus 200 caractères de texte brut'),
  page_admin_products: L('Products', 'Productos', 'Produits'),
  page_admin_product_photos: L('Product photos', 'Fotos del producto', 'Photos du produit'),
  admin_nav_products: L('Products', 'Productos', 'Produits'),
  admin_action_photo_add: L('Photo added', 'Foto añadida', 'Photo ajoutée'),
  admin_action_photo_alt: L('Photo alt text changed', 'Texto alternativo cambiado', 'Texte alternatif modifié'),
  admin_action_photo_order: L('Photos reordered', 'Fotos reordenadas', 'Photos réordonnées'),
  admin_action_photo_remove: L('Photo removed', 'Foto quitada', 'Photo retirée'),
};

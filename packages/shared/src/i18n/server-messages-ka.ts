// The Georgian of the server's and the shared schemas' English messages (server-messages.ts explains the format).
// Its own module so that the web loads it with the Georgian catalogue, not in every reader's first download.
export const KA: Record<string, string> = {
  // Names of things that fill other messages ("{{what}} not found", "{{label}} is required").
  Person: 'ადამიანი',
  Order: 'შეკვეთა',
  Application: 'განაცხადი',
  Campaign: 'კამპანია',
  Chat: 'ჩატი',
  File: 'ფაილი',
  Influencer: 'ინფლუენსერი',
  Invitation: 'მოწვევა',
  Notification: 'შეტყობინება',
  Dispute: 'დავა',
  Payment: 'გადახდა',
  Card: 'ბარათი',
  'Payout batch': 'გადარიცხვების პაკეტი',
  Page: 'გვერდი',
  Name: 'სახელი',
  'Last name': 'გვარი',
  Mobile: 'მობილური',
  'Company ID': 'კომპანიის საიდენტიფიკაციო კოდი',
  Minimum: 'მინიმალური',
  Maximum: 'მაქსიმალური',
  'The lowest price': 'მინიმალური ფასი',
  'The highest price': 'მაქსიმალური ფასი',
  'in about an hour': 'დაახლოებით ერთ საათში',
  'in about {{hours}} hours': 'დაახლოებით {{hours}} საათში',
  'access was not allowed': 'წვდომა არ დაიშვა',
  'no code was returned': 'კოდი არ დაბრუნდა',

  // The server's refusals.
  'This page link is no longer valid. Reload the list to start again.':
    'გვერდის ეს ბმული აღარ მოქმედებს. თავიდან დასაწყებად სია განაახლეთ.',
  'Admin accounts are managed from the command line, not from the console.':
    'ადმინისტრატორის ანგარიშები ბრძანებების ხაზიდან იმართება და არა კონსოლიდან.',
  'This account is already deactivated.': 'ეს ანგარიში უკვე გათიშულია.',
  'This account is active.': 'ეს ანგარიში აქტიურია.',
  'This address is already confirmed.': 'ეს მისამართი უკვე დადასტურებულია.',
  'Sign-in is not locked for this account.': 'ამ ანგარიშზე შესვლა დაბლოკილი არ არის.',
  'Only influencers have social accounts to reset.':
    'სოციალური ანგარიშები, რომელთა გადაყენებაც შეიძლება, მხოლოდ ინფლუენსერებს აქვთ.',
  'This influencer has no {{platform}} verification to reset.':
    'ამ ინფლუენსერს {{platform}}-ის ვერიფიკაცია არ აქვს, რომ გადააყენოთ.',
  'This campaign is no longer accepting applications.': 'ეს კამპანია განაცხადებს აღარ იღებს.',
  'You have already applied to this campaign.': 'ამ კამპანიაზე განაცხადი უკვე გაგზავნილი გაქვთ.',
  'This campaign has already hired an influencer.': 'ამ კამპანიას ინფლუენსერი უკვე აყვანილი ჰყავს.',
  'This influencer has deactivated their account and can no longer be hired. Choose another applicant.':
    'ამ ინფლუენსერმა ანგარიში გათიშა და მისი აყვანა აღარ შეიძლება. აირჩიეთ სხვა კანდიდატი.',
  'This application has already been accepted or rejected.': 'ეს განაცხადი უკვე მიღებულია ან უარყოფილია.',
  'Too many failed sign-in attempts for this account.': 'ამ ანგარიშზე შესვლის ძალიან ბევრი წარუმატებელი მცდელობა იყო.',
  'Please wait {{minutes}} minute{{s}} and try again.': 'გთხოვთ, დაელოდოთ {{minutes}} წუთს და სცადოთ თავიდან.',
  'If you entered the right password, check your email for a link that signs you in now.':
    'თუ სწორი პაროლი შეიყვანეთ, ელფოსტა შეამოწმეთ: იქ ბმულია, რომელიც ახლავე შეგიყვანთ.',
  'An account with this email already exists': 'ამ ელფოსტით ანგარიში უკვე არსებობს',
  'Invalid email or password': 'ელფოსტა ან პაროლი არასწორია',
  'Your current password is incorrect': 'მიმდინარე პაროლი არასწორია',
  'Categories can only be chosen by influencers': 'კატეგორიების არჩევა მხოლოდ ინფლუენსერებს შეუძლიათ',
  'Please choose from the offered categories': 'გთხოვთ, აირჩიოთ შემოთავაზებული კატეგორიებიდან',
  'Admin accounts are deactivated by another admin': 'ადმინისტრატორის ანგარიშს სხვა ადმინისტრატორი თიშავს',
  'Campaign lists are for clients and influencers.': 'კამპანიების სიები კლიენტებისა და ინფლუენსერებისთვისაა.',
  'This campaign has a paid order and cannot be deleted.':
    'ამ კამპანიას გადახდილი შეკვეთა აქვს და მისი წაშლა შეუძლებელია.',
  'This campaign has a payment on record and cannot be deleted. Contact support if it should be removed.':
    'ამ კამპანიაზე გადახდა დაფიქსირდა და მისი წაშლა შეუძლებელია. თუ უნდა წაიშალოს, მიმართეთ მხარდაჭერას.',
  'This chat is closed: messages can no longer be sent.': 'ეს ჩატი დახურულია: შეტყობინებების გაგზავნა აღარ შეიძლება.',
  'This message id was already used for another chat.': 'შეტყობინების ეს იდენტიფიკატორი სხვა ჩატში უკვე გამოყენებულია.',
  'An order’s chat stays open as long as the order.': 'შეკვეთის ჩატი ღიაა, სანამ შეკვეთაა ღია.',
  'Admins answer support chats in the support inbox.':
    'ადმინისტრატორები მხარდაჭერის ჩატებს მხარდაჭერის შემოსულებში პასუხობენ.',
  'The support inbox is for admins.': 'მხარდაჭერის შემოსულები ადმინისტრატორებისთვისაა.',
  'Admins read closed support chats in the support inbox.':
    'ადმინისტრატორები დახურულ მხარდაჭერის ჩატებს მხარდაჭერის შემოსულებში კითხულობენ.',
  'This campaign is not open for applications.': 'ეს კამპანია განაცხადებისთვის ღია არ არის.',
  'Influencer not found': 'ინფლუენსერი ვერ მოიძებნა',
  'This influencer has already applied to this campaign.':
    'ამ ინფლუენსერს ამ კამპანიაზე განაცხადი უკვე გაგზავნილი აქვს.',
  'This influencer has already been invited to this campaign.': 'ეს ინფლუენსერი ამ კამპანიაში უკვე მოწვეულია.',
  'This invitation has already been answered.': 'ამ მოწვევას პასუხი უკვე გაეცა.',
  'This unsubscribe link is not valid. Choose which mails you get in Settings → Notifications.':
    'გამოწერის გაუქმების ეს ბმული არ მოქმედებს. აირჩიეთ, რომელი წერილები მიიღოთ: პარამეტრები → შეტყობინებები.',
  'This order has no open cancellation proposal.': 'ამ შეკვეთას გაუქმების ღია შეთავაზება არ აქვს.',
  'A cancellation proposal is already open for this order: answer or withdraw it first.':
    'ამ შეკვეთაზე გაუქმების შეთავაზება უკვე ღიაა: ჯერ უპასუხეთ ან გაიწვიეთ.',
  'Work was submitted for this order: cancel it by agreement or open a dispute instead.':
    'ამ შეკვეთაზე სამუშაო უკვე ჩაბარდა: გააუქმეთ შეთანხმებით ან გახსენით დავა.',
  'Only the party who proposed the cancellation can withdraw it.':
    'გაუქმების შეთავაზების გაწვევა მხოლოდ მის ავტორ მხარეს შეუძლია.',
  'The other party answers your proposal; you can withdraw it.':
    'თქვენს შეთავაზებას მეორე მხარე პასუხობს; თქვენ მისი გაწვევა შეგიძლიათ.',
  'The agreed cancellation is being settled with the bank; the order will update in a moment.':
    'შეთანხმებული გაუქმება ბანკთან წესრიგდება; შეკვეთა მალე განახლდება.',
  'You cannot do this with this order': 'ამ შეკვეთით ამის გაკეთება არ შეგიძლიათ',
  'An admin is deciding this dispute; the decision will appear here.':
    'ამ დავას ადმინისტრატორი განიხილავს; გადაწყვეტილება აქ გამოჩნდება.',
  'This order already has an open dispute.': 'ამ შეკვეთას ღია დავა უკვე აქვს.',
  'This order has no open dispute to decide.': 'ამ შეკვეთას გადასაწყვეტი ღია დავა არ აქვს.',
  'Only the party who opened a dispute can withdraw it.': 'დავის გაწვევა მხოლოდ მის გამხსნელ მხარეს შეუძლია.',
  'You can rate once the work is approved.': 'შეფასება სამუშაოს დამტკიცების შემდეგ შეგიძლიათ.',
  'You have already rated this order.': 'ეს შეკვეთა უკვე შეაფასეთ.',
  'This order is in a payout to the influencer; settle it outside the platform.':
    'ეს შეკვეთა ინფლუენსერისთვის გადასარიცხშია; მოაგვარეთ პლატფორმის გარეთ.',
  'At most {{amount}} can go back': 'უკან დაბრუნება შეიძლება მაქსიმუმ {{amount}}',
  'The bank did not confirm the refund. Please try again.':
    'ბანკმა თანხის დაბრუნება არ დაადასტურა. გთხოვთ, სცადოთ თავიდან.',
  'The bank is not answering right now. Please try again in a minute.':
    'ბანკი ახლა არ პასუხობს. გთხოვთ, ერთ წუთში სცადოთ თავიდან.',
  'This order is already paid.': 'ეს შეკვეთა უკვე გადახდილია.',
  'This order can no longer be paid.': 'ამ შეკვეთის გადახდა აღარ შეიძლება.',
  'A renewed hold is for the order’s amount; it cannot change now.':
    'განახლებული დაბლოკვა შეკვეთის თანხაზეა; ახლა მისი შეცვლა შეუძლებელია.',
  'Failed to remove card. The bank did not answer; please try again.':
    'ბარათის წაშლა ვერ მოხერხდა. ბანკმა არ უპასუხა; გთხოვთ, სცადოთ თავიდან.',
  'This list position is not valid: reload the list': 'სიაში ეს პოზიცია არასწორია: სია განაახლეთ',
  'This batch has already been marked paid.': 'ეს პაკეტი უკვე მონიშნულია გადარიცხულად.',
  'The money of {{count}} order(s) in this batch changed after it was made (a refund).':
    'ამ პაკეტის შექმნის შემდეგ {{count}} შეკვეთის თანხა შეიცვალა (თანხის დაბრუნება).',
  'Nothing was marked paid.': 'გადარიცხულად არაფერი მონიშნულა.',
  'The picture is larger than 5MB. Please choose a smaller one.': 'სურათი 5 მბ-ზე დიდია. გთხოვთ, აირჩიოთ უფრო პატარა.',
  'Please choose a JPG, PNG or GIF image.': 'გთხოვთ, აირჩიოთ JPG, PNG ან GIF სურათი.',
  'We could not find a YouTube channel for {{handle}}.': '{{handle}}-ისთვის YouTube-ის არხი ვერ ვიპოვეთ.',
  'This {{platform}} connection is not the one we started. Please press Fetch and connect again.':
    '{{platform}}-თან ეს კავშირი ის არ არის, რომელიც ჩვენ დავიწყეთ. დააჭირეთ „მოძიებას“ და დაუკავშირდით თავიდან.',
  '{{platform}} did not connect: {{reason}}. Press Fetch to try again.':
    '{{platform}} არ დაუკავშირდა: {{reason}}. თავიდან საცდელად დააჭირეთ „მოძიებას“.',
  'You connected @{{connected}} but entered {{entered}}. Please connect {{again}}, or enter @{{other}} and press Fetch.':
    'დაუკავშირდით @{{connected}}-ს, მაგრამ შეიყვანეთ {{entered}}. დაუკავშირდით {{again}}-ს, ან შეიყვანეთ @{{other}} და დააჭირეთ „მოძიებას“.',
  'Your {{platform}} account is already verified.': 'თქვენი {{platform}}-ის ანგარიში უკვე ვერიფიცირებულია.',
  'Your verification code has expired. Press Fetch to get a new one.':
    'ვერიფიკაციის კოდს ვადა გაუვიდა. ახლის მისაღებად დააჭირეთ „მოძიებას“.',
  'We could not find your {{platform}} account any more. Please check the address and press Fetch again.':
    'თქვენს {{platform}}-ის ანგარიშს ვეღარ ვპოულობთ. შეამოწმეთ მისამართი და კვლავ დააჭირეთ „მოძიებას“.',
  'Choose categories from the list offered (the first 8 categories).':
    'აირჩიეთ კატეგორიები შემოთავაზებული სიიდან (პირველი 8 კატეგორია).',
  'Please enter your {{platform}} channel URL first': 'ჯერ შეიყვანეთ თქვენი {{platform}}-ის არხის ბმული',
  'This {{platform}} account is already verified by another influencer. If it is yours, contact support.':
    '{{platform}}-ის ეს ანგარიში სხვა ინფლუენსერს უკვე აქვს ვერიფიცირებული. თუ თქვენია, მიმართეთ მხარდაჭერას.',
  '{{platform}} verification is not available on this server.': '{{platform}}-ის ვერიფიკაცია ამ სერვერზე მიუწვდომელია.',
  'Please connect your {{platform}} account first: press Fetch and allow access.':
    'ჯერ დააკავშირეთ თქვენი {{platform}}-ის ანგარიში: დააჭირეთ „მოძიებას“ და დაუშვით წვდომა.',
  'YouTube verification has reached its limit for today. Please try again {{later}}.':
    'YouTube-ის ვერიფიკაციამ დღევანდელ ლიმიტს მიაღწია. გთხოვთ, სცადოთ თავიდან {{later}}.',
  '{{what}} not found': '{{what}} ვერ მოიძებნა',
  'Please sign in to continue': 'გასაგრძელებლად გთხოვთ, შეხვიდეთ',
  'You do not have access to this': 'ამაზე წვდომა არ გაქვთ',
  'Too many attempts. Please wait {{seconds}} seconds and try again.':
    'ძალიან ბევრი მცდელობაა. გთხოვთ, დაელოდოთ {{seconds}} წამს და სცადოთ თავიდან.',
  'Too many attempts. Please wait a minute and try again.':
    'ძალიან ბევრი მცდელობაა. გთხოვთ, დაელოდოთ ერთ წუთს და სცადოთ თავიდან.',
  'This request did not come from the app. Reload the page and try again.':
    'ეს მოთხოვნა აპიდან არ მოსულა. განაახლეთ გვერდი და სცადოთ თავიდან.',
  'This request did not come from this page. Reload it and try again.':
    'ეს მოთხოვნა ამ გვერდიდან არ მოსულა. განაახლეთ და სცადოთ თავიდან.',
  'Finish setting up your account first.': 'ჯერ ანგარიშის მოწყობა დაასრულეთ.',
  'The service is very busy right now. Please try again in a few seconds.':
    'სერვისი ახლა ძალიან დატვირთულია. გთხოვთ, რამდენიმე წამში სცადოთ თავიდან.',
  'The service is briefly unavailable. Please try again in a few seconds.':
    'სერვისი დროებით მიუწვდომელია. გთხოვთ, რამდენიმე წამში სცადოთ თავიდან.',
  'Something went wrong on our side. Please try again.': 'ჩვენს მხარეს რაღაც შეფერხდა. გთხოვთ, სცადოთ თავიდან.',
  'The file is too large.': 'ფაილი ძალიან დიდია.',
  'The request is nested more than {{depth}} levels deep. Send a simpler body.':
    'მოთხოვნა {{depth}} დონეზე ღრმადაა ჩაშენებული. გამოგზავნეთ უფრო მარტივი.',
  'The upload could not be read (the request was cut short or badly formed). Please try again.':
    'ატვირთული ფაილის წაკითხვა ვერ მოხერხდა (მოთხოვნა შეწყდა ან არასწორადაა შედგენილი). გთხოვთ, სცადოთ თავიდან.',
  'Send the file as multipart/form-data': 'ფაილი გამოგზავნეთ multipart/form-data-ს სახით',
  'This connection did not come from the app.': 'ეს კავშირი აპიდან არ მოსულა.',

  // The shared schemas' messages (the same words in the browser's forms and the server's answers).
  'Give the reason for the record': 'მიუთითეთ მიზეზი ჩანაწერისთვის',
  'At most {{max}} characters': 'მაქსიმუმ {{max}} სიმბოლო',
  'Choose one of: {{options}}': 'აირჩიეთ ერთ-ერთი: {{options}}',
  'Not a valid campaign id': 'კამპანიის იდენტიფიკატორი არასწორია',
  'Whole GEL': 'მთელი ლარი',
  'At least 0': 'მინიმუმ 0',
  'The minimum is above the maximum': 'მინიმუმი მაქსიმუმზე მეტია',
  'Please fill in all required fields': 'გთხოვთ, შეავსოთ ყველა სავალდებულო ველი',
  'Please agree to the terms and policies': 'გთხოვთ, დაეთანხმოთ წესებსა და პოლიტიკას',
  'Please select at least one category that matches your content.':
    'გთხოვთ, აირჩიოთ თქვენი კონტენტის შესაბამისი ერთი კატეგორია მაინც.',
  'Please enter your email address': 'გთხოვთ, შეიყვანოთ ელფოსტის მისამართი',
  'Please enter a valid email address': 'გთხოვთ, შეიყვანოთ სწორი ელფოსტის მისამართი',
  'You must provide either an email or phone number and a password':
    'უნდა მიუთითოთ ელფოსტა ან ტელეფონის ნომერი და პაროლი',
  'Password must be at least 6 characters long': 'პაროლი მინიმუმ 6 სიმბოლოსგან უნდა შედგებოდეს',
  'Please fill in all password fields': 'გთხოვთ, შეავსოთ პაროლის ყველა ველი',
  "New passwords don't match": 'ახალი პაროლები არ ემთხვევა',
  'Please type "{{phrase}}" to confirm': 'დასადასტურებლად აკრიფეთ „{{phrase}}“',
  'Company ID can only be given by clients': 'კომპანიის კოდის მითითება მხოლოდ კლიენტებს შეუძლიათ',
  'Password must be at most {{max}} characters long': 'პაროლი მაქსიმუმ {{max}} სიმბოლოსგან უნდა შედგებოდეს',
  '{{label}} is required': '{{label}} სავალდებულოა',
  '{{label}} must be at most {{max}} characters': '{{label}} მაქსიმუმ {{max}} სიმბოლო უნდა იყოს',
  'Please enter a valid mobile number': 'გთხოვთ, შეიყვანოთ სწორი მობილურის ნომერი',
  'Please choose an account type': 'გთხოვთ, აირჩიოთ ანგარიშის ტიპი',
  'Unknown category': 'უცნობი კატეგორია',
  'Finish or cancel these orders before you deactivate your account.':
    'ანგარიშის გათიშვამდე ეს შეკვეთები დაასრულეთ ან გააუქმეთ.',
  'There is no email change waiting for confirmation.': 'დასადასტურებელი ელფოსტის შეცვლა არ გელოდებათ.',
  'This email change was already confirmed, so it could not be undone. If you did not ask for it, contact support@influence.ge.':
    'ელფოსტის ეს შეცვლა უკვე დადასტურებულია, ამიტომ მისი გაუქმება ვერ მოხერხდა. თუ ეს თქვენ არ მოგითხოვიათ, მიწერეთ support@influence.ge-ს.',
  'This link is not valid. If you did not ask for an email change, contact support@influence.ge.':
    'ეს ბმული არ მოქმედებს. თუ ელფოსტის შეცვლა არ მოგითხოვიათ, მიწერეთ support@influence.ge-ს.',
  'Please select a social network': 'გთხოვთ, აირჩიოთ სოციალური ქსელი',
  'Title must be at most {{max}} characters': 'სათაური მაქსიმუმ {{max}} სიმბოლო უნდა იყოს',
  'Deadline cannot be in the past': 'ვადა წარსულში ვერ იქნება',
  'Deadline must be within {{years}} years from today': 'ვადა დღეიდან {{years}} წლის ფარგლებში უნდა იყოს',
  'Enter a link that starts with http:// or https://': 'შეიყვანეთ ბმული, რომელიც http://-ით ან https://-ით იწყება',
  'Description must be at most {{max}} characters': 'აღწერა მაქსიმუმ {{max}} სიმბოლო უნდა იყოს',
  'Enter a budget': 'შეიყვანეთ ბიუჯეტი',
  'Budget must be a number': 'ბიუჯეტი რიცხვი უნდა იყოს',
  'Budget is in whole GEL': 'ბიუჯეტი მთელ ლარებში მიეთითება',
  'Budget must be at least {{min}} GEL': 'ბიუჯეტი მინიმუმ {{min}} ლარი უნდა იყოს',
  'Budget must be at most {{max}} GEL': 'ბიუჯეტი მაქსიმუმ {{max}} ლარი უნდა იყოს',
  '{{which}} budget must be a number of GEL': '{{which}} ბიუჯეტი ლარებში რიცხვით უნდა მიეთითოს',
  '{{which}} budget is in whole GEL': '{{which}} ბიუჯეტი მთელ ლარებში მიეთითება',
  '{{which}} budget cannot be negative': '{{which}} ბიუჯეტი უარყოფითი ვერ იქნება',
  '{{which}} budget must be at most {{max}} GEL': '{{which}} ბიუჯეტი მაქსიმუმ {{max}} ლარი უნდა იყოს',
  'Search can be at most {{max}} characters': 'ძიება მაქსიმუმ {{max}} სიმბოლო შეიძლება იყოს',
  'Search cannot contain the NUL character': 'ძიება NUL სიმბოლოს ვერ შეიცავს',
  'Sort by one of: {{options}}': 'დაალაგეთ ერთ-ერთით: {{options}}',
  'Minimum budget cannot be more than the maximum': 'მინიმალური ბიუჯეტი მაქსიმალურზე მეტი ვერ იქნება',
  'Write a message first.': 'ჯერ შეტყობინება დაწერეთ.',
  'A message can be at most {{max}} characters.': 'შეტყობინება მაქსიმუმ {{max}} სიმბოლო შეიძლება იყოს.',
  'Not a valid message id': 'შეტყობინების იდენტიფიკატორი არასწორია',
  'Files can be at most 10 MB.': 'ფაილი მაქსიმუმ 10 მბ შეიძლება იყოს.',
  'This file type is not supported. Send an image (JPEG, PNG, WebP, GIF), a PDF or a Word, Excel or PowerPoint file.':
    'ფაილის ეს ტიპი არ არის მხარდაჭერილი. გამოგზავნეთ სურათი (JPEG, PNG, WebP, GIF), PDF ან Word-ის, Excel-ის ან PowerPoint-ის ფაილი.',
  'Choose a file to send.': 'აირჩიეთ გასაგზავნი ფაილი.',
  '{{name}} asked support to join the conversation.': '{{name}}-მ მხარდაჭერას საუბარში ჩართვა სთხოვა.',
  'Support joined the conversation.': 'მხარდაჭერა საუბარში ჩაერთო.',
  'Only the order’s client or influencer can ask support to join.':
    'მხარდაჭერის ჩართვა მხოლოდ შეკვეთის კლიენტს ან ინფლუენსერს შეუძლია.',
  'Support can be asked to join an order’s chat.': 'მხარდაჭერის ჩართვა შეკვეთის ჩატში შეიძლება.',
  'No Active Chat: Please start an admin chat first.': 'აქტიური ჩატი არ არის: ჯერ ადმინისტრატორთან ჩატი დაიწყეთ.',
  'Failed to create admin support chat': 'ადმინისტრატორთან მხარდაჭერის ჩატის შექმნა ვერ მოხერხდა',
  'Failed to close chat': 'ჩატის დახურვა ვერ მოხერხდა',
  'Chat closed by the user. Goodbye!': 'ჩატი მომხმარებელმა დახურა. ნახვამდის!',
  'Support closed this chat. Goodbye!': 'მხარდაჭერამ ეს ჩატი დახურა. ნახვამდის!',
  'Use the date format yyyy-MM-dd': 'გამოიყენეთ თარიღის ფორმატი წწწწ-თთ-დდ',
  'This date does not exist': 'ასეთი თარიღი არ არსებობს',
  'Not a valid id': 'იდენტიფიკატორი არასწორია',
  '{{name}} has not verified their e-mail address yet, so they cannot be hired.':
    '{{name}}-ს ელფოსტის მისამართი ჯერ არ დაუდასტურებია, ამიტომ მისი აყვანა შეუძლებელია.',
  'Ask them to open the confirmation link we e-mailed them (they can send a new one from their profile), then try again.':
    'სთხოვეთ, გახსნას ელფოსტით გაგზავნილი დადასტურების ბმული (ახლის გაგზავნა პროფილიდან შეუძლია), შემდეგ სცადეთ თავიდან.',
  'Choose what went wrong': 'აირჩიეთ, რა მოხდა არასწორად',
  'Describe what happened': 'აღწერეთ, რა მოხდა',
  'Write the decision both parties will read': 'დაწერეთ გადაწყვეტილება, რომელსაც ორივე მხარე წაიკითხავს',
  'Enter the amount for the influencer': 'შეიყვანეთ ინფლუენსერის თანხა',
  'The influencer’s part must be more than 0 and less than the order’s amount':
    'ინფლუენსერის წილი 0-ზე მეტი და შეკვეთის თანხაზე ნაკლები უნდა იყოს',
  'Amount is in tetri': 'თანხა თეთრებში მიეთითება',
  'Work not delivered': 'სამუშაო არ ჩაბარებულა',
  'Not what was agreed': 'შეთანხმებულს არ შეესაბამება',
  'Quality of the work': 'სამუშაოს ხარისხი',
  'Deadline missed': 'ვადა გაცდა',
  'The other party does not answer': 'მეორე მხარე არ პასუხობს',
  'Something else': 'სხვა',
  'An account was closed': 'ანგარიში დაიხურა',
  'Not a valid category': 'კატეგორია არასწორია',
  'Sort by newest or followers': 'დაალაგეთ უახლესით ან გამომწერებით',
  'A whole number': 'მთელი რიცხვი',
  'We would like to invite you to participate in our campaign.':
    'გვსურს, მოგიწვიოთ ჩვენს კამპანიაში მონაწილეობის მისაღებად.',
  'Please select a campaign': 'გთხოვთ, აირჩიოთ კამპანია',
  'Not a valid influencer': 'ინფლუენსერი არასწორია',
  'Message must be at most {{max}} characters': 'შეტყობინება მაქსიმუმ {{max}} სიმბოლო უნდა იყოს',
  'Give a choice for every kind of notification': 'აირჩიეთ ყველა სახის შეტყობინებისთვის',
  'Each kind only once': 'თითო სახე მხოლოდ ერთხელ',
  'Enter the amount for the work done (0 for none)': 'შეიყვანეთ შესრულებული სამუშაოს თანხა (0, თუ არაფერი)',
  'The amount for the work done must be at least 0 and less than the order’s amount':
    'შესრულებული სამუშაოს თანხა მინიმუმ 0 და შეკვეთის თანხაზე ნაკლები უნდა იყოს',
  'Failed to start work. Please try again.': 'სამუშაოს დაწყება ვერ მოხერხდა. გთხოვთ, სცადოთ თავიდან.',
  'Failed to complete work. Please try again.': 'სამუშაოს დასრულება ვერ მოხერხდა. გთხოვთ, სცადოთ თავიდან.',
  'Failed to update approval status': 'დამტკიცების სტატუსის განახლება ვერ მოხერხდა',
  'Order not found or permission denied': 'შეკვეთა ვერ მოიძებნა ან წვდომა აკრძალულია',
  'Payment confirmation failed. Please try again.': 'გადახდის დადასტურება ვერ მოხერხდა. გთხოვთ, სცადოთ თავიდან.',
  'Confirming the payment with the bank…': 'გადახდას ბანკთან ვადასტურებთ…',
  'Please enter the link to your work': 'გთხოვთ, შეიყვანოთ თქვენი სამუშაოს ბმული',
  'Tell the influencer what to change': 'მიწერეთ ინფლუენსერს, რა შეცვალოს',
  'Failed to open rating dialog': 'შეფასების ფანჯრის გახსნა ვერ მოხერხდა',
  'Failed to submit rating': 'შეფასების გაგზავნა ვერ მოხერხდა',
  'Choose from 1 to 5 stars': 'აირჩიეთ 1-დან 5 ვარსკვლავამდე',
  'Notes must be at most {{max}} characters': 'შენიშვნები მაქსიმუმ {{max}} სიმბოლო უნდა იყოს',
  'Feedback must be at most {{max}} characters': 'უკუკავშირი მაქსიმუმ {{max}} სიმბოლო უნდა იყოს',
  'Very Good': 'ძალიან კარგი',
  'Comment must be at most {{max}} characters': 'კომენტარი მაქსიმუმ {{max}} სიმბოლო უნდა იყოს',
  'Amount must be positive': 'თანხა დადებითი უნდა იყოს',
  'Payment was rejected. Please contact your bank or try a different card.':
    'გადახდა უარყოფილია. გთხოვთ, დაუკავშირდეთ ბანკს ან სცადოთ სხვა ბარათი.',
  'Payment session expired. Please try again.': 'გადახდის სესიას ვადა გაუვიდა. გთხოვთ, სცადოთ თავიდან.',
  'Payment processing failed. Please verify your card details and try again.':
    'გადახდის დამუშავება ვერ მოხერხდა. გთხოვთ, შეამოწმოთ ბარათის მონაცემები და სცადოთ თავიდან.',
  'Payment failed. Please try again.': 'გადახდა ვერ შესრულდა. გთხოვთ, სცადოთ თავიდან.',
  'Payment Failed': 'გადახდა ვერ შესრულდა',
  'This saved card is no longer valid. Please try another card or add a new payment method in Settings.':
    'ეს შენახული ბარათი აღარ მოქმედებს. გთხოვთ, სცადოთ სხვა ბარათი ან დაამატოთ ახალი გადახდის მეთოდი პარამეტრებში.',
  'No saved cards found. Please add a payment method in Settings first.':
    'შენახული ბარათები ვერ მოიძებნა. გთხოვთ, ჯერ პარამეტრებში დაამატოთ გადახდის მეთოდი.',
  'Amount must be at least 1 GEL': 'თანხა მინიმუმ 1 ლარი უნდა იყოს',
  'Amount must be at most {{max}} GEL': 'თანხა მაქსიმუმ {{max}} ლარი უნდა იყოს',
  'Amount can have at most two decimals (tetri)': 'თანხას მაქსიმუმ ორი ათწილადი ნიშანი შეიძლება ჰქონდეს (თეთრი)',
  'Choose one of your saved cards': 'აირჩიეთ ერთ-ერთი შენახული ბარათი',
  'American Express': 'American Express',
  'Please enter a valid IBAN': 'გთხოვთ, შეიყვანოთ სწორი IBAN',
  'Please enter a valid IBAN ({{min}}-{{max}} characters)': 'გთხოვთ, შეიყვანოთ სწორი IBAN ({{min}}-{{max}} სიმბოლო)',
  'An IBAN has only letters and digits.': 'IBAN მხოლოდ ასოებსა და ციფრებს შეიცავს.',
  'This IBAN does not start with the code of a country that uses IBANs (GE for Georgia).':
    'ეს IBAN არ იწყება IBAN-ის მომხმარებელი ქვეყნის კოდით (საქართველოსთვის GE).',
  "This IBAN does not follow its country's format. Please copy it from your bank statement or app.":
    'ეს IBAN თავისი ქვეყნის ფორმატს არ შეესაბამება. გთხოვთ, დააკოპიროთ ბანკის ამონაწერიდან ან აპიდან.',
  "This IBAN's check digits do not match the rest: please look for a typo.":
    'ამ IBAN-ის საკონტროლო ციფრები დანარჩენს არ ემთხვევა: მოძებნეთ შეცდომა.',
  'That does not look like a profile address. Enter your @handle or your profile URL.':
    'ეს პროფილის მისამართს არ ჰგავს. შეიყვანეთ თქვენი @სახელი ან პროფილის ბმული.',
  'That is not {{article}} {{platform}} address.': 'ეს {{platform}}-ის მისამართი არ არის.',
  'YouTube custom addresses (/c/…) cannot be looked up. Please enter your channel @handle.':
    'YouTube-ის მორგებული მისამართების (/c/…) მოძიება შეუძლებელია. გთხოვთ, შეიყვანოთ არხის @სახელი.',
  'Enter a YouTube channel address such as youtube.com/@handle or youtube.com/channel/UC…':
    'შეიყვანეთ YouTube-ის არხის მისამართი, მაგალითად youtube.com/@handle ან youtube.com/channel/UC…',
  'Enter a TikTok profile address such as tiktok.com/@username':
    'შეიყვანეთ TikTok-ის პროფილის მისამართი, მაგალითად tiktok.com/@username',
  'Enter an Instagram profile address such as instagram.com/username':
    'შეიყვანეთ Instagram-ის პროფილის მისამართი, მაგალითად instagram.com/username',
  '{{label}} must be a number': '{{label}} რიცხვი უნდა იყოს',
  '{{label}} must be a whole number of GEL': '{{label}} მთელი ლარი უნდა იყოს',
  '{{label}} cannot be below {{min}} GEL': '{{label}} {{min}} ლარზე ნაკლები ვერ იქნება',
  '{{label}} cannot be above {{max}} GEL': '{{label}} {{max}} ლარზე მეტი ვერ იქნება',
  '{{label}} must be a multiple of {{step}} GEL': '{{label}} {{step}} ლარის ჯერადი უნდა იყოს',
  'You can choose up to {{max}} categories': 'შეგიძლიათ აირჩიოთ მაქსიმუმ {{max}} კატეგორია',
  'A category is chosen twice': 'კატეგორია ორჯერაა არჩეული',
  'The lowest price cannot be above the highest': 'მინიმალური ფასი მაქსიმალურზე მეტი ვერ იქნება',
  'The verification code was not found in your channel description. Please make sure you added it correctly.':
    'ვერიფიკაციის კოდი თქვენი არხის აღწერაში ვერ მოიძებნა. გთხოვთ, შეამოწმოთ, სწორად დაამატეთ თუ არა.',
  'Verification code not found in your TikTok bio. Please make sure you added it correctly.':
    'ვერიფიკაციის კოდი თქვენს TikTok-ის ბიოში ვერ მოიძებნა. გთხოვთ, შეამოწმოთ, სწორად დაამატეთ თუ არა.',
  'Could not find the verification code in your Instagram bio. Please make sure you added it correctly.':
    'ვერიფიკაციის კოდი თქვენს Instagram-ის ბიოში ვერ მოიძებნა. გთხოვთ, შეამოწმოთ, სწორად დაამატეთ თუ არა.',
  'Your YouTube channel has been verified successfully': 'თქვენი YouTube-ის არხი წარმატებით ვერიფიცირდა',
  'Your {{platform}} account has been verified successfully': 'თქვენი {{platform}}-ის ანგარიში წარმატებით ვერიფიცირდა',

  // Avatars and Web Push (issues 25 §2, 24 §4).
  'This picture does not exist.': 'ეს სურათი არ არსებობს.',
  'This browser’s push service is not supported. Try Chrome, Edge, Firefox or Safari.':
    'ამ ბრაუზერის push სერვისი მხარდაჭერილი არ არის. სცადეთ Chrome, Edge, Firefox ან Safari.',
  'This device is not subscribed to push for your account.':
    'ეს მოწყობილობა თქვენს ანგარიშზე push შეტყობინებებს არ იღებს.',
  'The p256dh key': 'p256dh გასაღები',
  'The auth secret': 'auth საიდუმლო',
  '{{what}} is too short': '{{what}} ძალიან მოკლეა',
  '{{what}} is too long': '{{what}} ძალიან გრძელია',
  '{{what}} must be URL-safe base64': '{{what}} URL-ისთვის უსაფრთხო base64 ფორმატში უნდა იყოს',
  'The push endpoint is too long': 'push-ის მისამართი ძალიან გრძელია',
  'The push endpoint must be an address': 'push-ის მისამართი ვებმისამართი უნდა იყოს',
  'The push endpoint must be an http(s) address': 'push-ის მისამართი http(s) მისამართი უნდა იყოს',
  // The order's steps as its chat shows them (order-mails.ts orderNotes: stored in English, read in the reader's).
  'Payment confirmed: {{amount}} is held until the work is approved.':
    'გადახდა დადასტურდა: {{amount}} დაბლოკილია სამუშაოს დამტკიცებამდე.',
  'Work started': 'სამუშაო დაიწყო',
  'Work submitted: {{proof}}': 'სამუშაო ჩაბარებულია: {{proof}}',
  'Changes requested: {{feedback}}': 'მოთხოვნილია შესწორება: {{feedback}}',
  'Work approved. Payment of {{amount}} confirmed.': 'სამუშაო დამტკიცებულია. გადახდა ({{amount}}) დადასტურდა.',
  'Order cancelled before work started': 'შეკვეთა გაუქმდა სამუშაოს დაწყებამდე',
  '{{name}} has left Influence. The order was cancelled before work started.':
    '{{name}} აღარ სარგებლობს Influence-ით. შეკვეთა გაუქმდა სამუშაოს დაწყებამდე.',
  'The bank released the payment hold. The order needs paying again.':
    'ბანკმა დაბლოკილი თანხა განბლოკა. შეკვეთა ხელახლა უნდა გადაიხადოთ.',
};

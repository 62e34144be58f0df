"""The pleasantries of a chat: a greeting ("eae meu consagrado, suave?"), how the client found us
("vim pelo post de vocês no LinkedIn"), thanks and goodbyes ("Massa demais, brigadão visse!"),
for a message that asks nothing else."""

import re
from typing import Literal

from bot.assistant.cues import DOMAIN

# A message made only of greetings, pleasantries, whom they address and "what do you do?": the
# reply says what the infrabot does.
_GREETING_WORDS = (
    r"oi+e*|ola+|opa|e ?ai|eae|eai|salve|fala ai|bom dia+|boa tarde+|boa noite+|hello|hi|hey|howdy|"
    r"good (?:morning|afternoon|evening)|/start|/ajuda|ajuda|help|"
    r"(?:tudo|td) (?:bem|bom|certo|joia|tranquilo|ok|beleza|em ordem)(?: por (?:ai|aqui|la))?|"
    r"beleza|blz|"
    # "vc é um robô ou uma pessoa?": who answers, not a request for a person
    r"(?:voce|vc|voces|vcs) (?:e|eh|sao) (?:um |uma )?(?:robos?|bots?|ias?|humanos?|pessoas?)"
    r"(?: ou (?:um |uma )?(?:robos?|bots?|ias?|humanos?|pessoas?)(?: de verdade)?)?|"
    r"are you a (?:bot|human)|"
    r"(?:como|com) (?:vai|vao|voce|voces|vc|vcs|estao|esta)(?: (?:voce|voces|vc|vcs))?|"
    r"how are (?:you|u)|(?:is )?any ?one there|alguem ai|"
    r"com (?:voce|voces|vc|vcs)|pessoal|galera|equipe|time|gente|infrabot|there|"
    # "peguei o contato de vocês num evento", "a colleague told me about you"
    r"peguei (?:o )?(?:seu |teu )?contato(?: de (?:voces|vcs))?(?: [a-z]+){0,6}|"
    r"primeira vez (?:usando|aqui|por aqui)(?: isso)?(?: aqui)?|"
    # "o Marcos da contabilidade me indicou vocês", "caí aqui pelo artigo de vcs sobre gpu x tpu"
    r"(?:o |a )?[a-z]+(?: (?:da|do|de) [a-z]+)? me indic\w* (?:voces|vcs|o infrabot)|"
    r"cai aqui(?: pel[oa] [a-z]+)?(?: de (?:voces|vcs))?(?: sobre [a-z0-9 ]{1,30})?|"
    r"(?:a |my )?(?:colleague|friend)[^.!?]{0,60}told me about (?:you|you guys)[^.!?]*|"
    # "vi o anúncio de vocês no Instagram": how they found us, nothing asked yet
    r"vi (?:o |a |um |uma |seu |sua )?(?:anuncio|post|artigo|video|propaganda|perfil|site)"
    r"(?: de (?:voces|vcs|voce|vc))?(?: n[oa] [a-z]+)?(?: sobre [a-z0-9 ]{1,30}?)?|"
    r"(?:e )?resolvi (?:chamar|escrever|mandar (?:uma )?mensagem|entrar em contato)|"
    r"quem (?:e|eh|sao) (?:voce|vc|voces|vcs)|o que (?:voce|vc|voces|vcs) (?:faz|fazem)|"
    r"(?:voce|vc|voces|vcs) (?:faz|fazem) o que(?: exatamente)?|"
    r"como (?:isso |voce |vc |o bot |esse bot |este bot )?funciona|"
    r"(?:como )?(?:voce|voces|vc|vcs) (?:pode|podem) me ajudar|me ajuda|"
    r"(?:gostaria de|queria|quero|preciso de) (?:uma |umas )?(?:informac(?:ao|oes)|ajuda)|"
    r"(?:e a )?primeira vez (?:aqui|falando com (?:voces|voce)|que (?:falo|uso|escrevo))|prazer|"
    r"muito prazer|"
    # "meu nome é Juliana, sou da área de dados da Construtora X": an introduction.
    r"(?:meu nome (?:e|eh)|me chamo|aqui (?:e|eh)|sou (?:o|a)) [a-z]+(?: [a-z]+)?"
    r"(?: (?:da|do|de) [a-z]+(?: [a-z]+){0,2})?|"
    # "vou mandar os detalhes daqui a pouco, só tô juntando as informações com o time"
    r"(?:ja )?(?:vou|vamos|ja vou) (?:te )?(?:mandar|enviar|passar) (?:os |as )?(?:detalhes|dados|"
    r"informac(?:ao|oes)|numeros)(?: do projeto)?(?: daqui a pouco| ja ja| em seguida| depois| "
    r"mais tarde| logo)?|"
    r"(?:so )?(?:to|estou|tamo|estamos) (?:juntando|reunindo|levantando|organizando) "
    r"(?:as |os )?"
    r"(?:informac(?:ao|oes)|dados|numeros|detalhes)(?: com (?:o|a) (?:time|equipe|pessoal))?|"
    r"(?:to|estou) chegando (?:aqui )?(?:agora)?|indicacao d[oa] (?:meu|minha) [a-z]+|"
    r"(?:sou|falo|trabalho) (?:da|do|na|no) [a-z ]{3,60}|"
    r"what (?:can|do) you do|what is this(?: bot)?|who are you|"
    # "hi, do you speak English?": the language asked about is answered by answering in it.
    r"(?:do|can) (?:you|u) (?:speak|understand|talk|write|answer)(?: in)? english|"
    r"(?:voce|vc|voces|vcs) (?:fala|falam|entende|entendem) ingles|"
    r"what can you help(?: me| us)? with|how can you help(?: me| us)?|can you help(?: me| us)?|"
    r"nice to meet you|my name is [a-z]+(?: [a-z]+)?|i(?: a|')?m [a-z]+ from [a-z ]{3,60}|"
    # "is it okay if I write in English? my Portuguese is rusty", "good morning from Lisbon"
    r"(?:is it )?(?:ok|okay|fine|alright) if i (?:write|speak|talk|ask)(?: to you)? in english|"
    r"my portuguese (?:is|isn'?t) (?:\w+ )?(?:rusty|bad|poor|great|good|limited)|"
    r"i (?:don'?t|do not|can'?t) (?:speak|write|read) portuguese|from [a-z]+(?: [a-z]+)?|"
    # "G'day, anyone home?", "Good evening sir, hope you are doing well", "thanks heaps, legends"
    r"g'?day|(?:is )?any ?one home|sir|madam|ma'?am|mate|guys|folks|legends?|"
    r"(?:i )?hope (?:you(?:'re| are)|all is|everything is) (?:doing )?(?:well|good|fine)"
)
GREETING = re.compile(rf"^[^\w]*(?:(?:{_GREETING_WORDS})\b[^\w]*)+$")
# Thanks, goodbyes and acknowledgements, alone or with greetings: a closing, not a request.
THANKS = re.compile(
    r"(?:muito |mto )?(?:o?brigad(?:[oa]s?|ao|inh[oa])|obg|valeu|vlw|agradecid[oa]|"
    r"grat[oa])(?: demais| mesmo| a lot| so much)?|tmj|cheers|"
    r"(?:pela|pelas|pelo) (?:ajuda|atencao|informac(?:ao|oes)|cotac(?:ao|oes)|proposta|resposta|"
    r"explicac(?:ao|oes)|retorno|orcamento|paciencia)|ajudou (?:muito|bastante|demais)|"
    r"thanks?(?: you)?(?: (?:so much|a lot|a ton|a million|heaps))?|thx"
)
GOODBYE = re.compile(r"tchau|ate (?:mais|logo|amanha|breve)|abracos?|abs|bye")
_ACKNOWLEDGED = (
    r"ok|okay|certo|entendi|entendido|combinado|show|perfeito|otimo|legal|got it|top|massa|joia|"
    r"bacana|excelente|maravilha|fechado|ta bom|beleza|k{2,}|rs+|(?:ha){2,}|(?:he){2,}|great|cool|"
    # "valeu, era isso", "depois eu volto", "that's all I needed": the client is done for now.
    r"(?:era|e) (?:so )?isso(?: mesmo| msm)?(?: que (?:eu )?(?:precisava|queria))?|so isso|"
    r"volto (?:depois|mais tarde)|depois (?:eu )?volto(?: aqui)?|"
    # "vou alinhar com o time e volto", "por hoje é isso"
    r"vou alinhar com (?:o |a )?(?:time|equipe|chefe|diretoria|socio)(?: e (?:volto|te retorno))?|"
    r"por hoje (?:e|eh) (?:so|isso)|(?:e |eh )?isso por hoje|valeu demais"
    r"(?: com (?:os|as|mais) (?:dados|numeros|detalhes|informac\w+))?|"
    r"show de bola|fechou|fechado|that'?s all for now|"
    # "ops, mensagem errada, desculpa": written to us by mistake
    r"ops|oops|(?:mensagem|msg) errada|mandei (?:no chat |aqui )?errado|foi engano|"
    r"wrong (?:chat|person|number)|ignor[ae] (?:essa|esta|a) (?:mensagem|msg)|desculpa|sorry|"
    # "amanhã cedo já começo a preparar o dataset": the client's own next step
    r"(?:amanha (?:cedo )?|hoje |depois )?(?:ja )?(?:comeco|comecamos|vou comecar|vamos comecar) "
    r"a (?:preparar|montar|separar|organizar|limpar) (?:o |os |a |as )?(?:dataset|dados|base)|"
    r"vou (?:pensar|analisar|avaliar)(?: (?:a|essa|sua) (?:proposta|cotacao))?|"
    # "te dou um retorno semana que vem": the client answers later, no deadline in it.
    r"(?:e )?(?:depois |mais tarde |em breve )?(?:te |lhe |vos )?"
    r"(?:(?:dou|damos|darei|daremos) (?:um |o )?retorno|retorno|aviso|falo)"
    r"(?: (?:depois|em breve|mais tarde|amanha|(?:na )?semana que vem|(?:na )?proxima semana|"
    r"ate (?:segunda|terca|quarta|quinta|sexta)))?|obg|"
    r"vou (?:ver|conversar|falar|levar|passar|mostrar|apresentar) (?:isso |as (?:duas|2|tres|3) "
    r"opcoes |a cotacao |a proposta |os valores )?"
    r"(?:com|pro|pra|para|ao|a|na|no) "
    r"(?:o |a )?(?:meu |minha |nosso |nossa )?(?:chefe|time|equipe|diretoria|socio|gestor|gestora|"
    r"financeiro|cliente|socio|socia|reuniao(?: de [a-z-]+)?)s?"
    r"(?: (?:na|no|ate) [a-z]+| amanha| hoje| semana que vem)?"
    r"(?: com (?:o |a )?(?:diretoria|chefe|time|equipe|socios?|gestor|gestora))?|"
    r"qualquer (?:coisa|duvida),? (?:eu )?(?:volto|chamo|falo|aviso|retorno)"
    r"(?: a (?:falar|conversar))?(?: com (?:voces|voce))?|ate a proxima|"
    r"bom trabalho|(?:tenha )?(?:um )?(?:bom|otimo) (?:dia|fim de semana|final de semana|fds)|"
    # "Nota 10 pro atendimento, super rápido": praise for the service
    r"nota (?:10|dez|mil)(?: (?:pro|para o|pelo) atendimento)?|super (?:rapido|atencioso|claro)|"
    r"(?:atendimento|servico) (?:nota 10|top|excelente|otimo|impecavel|show)|great service|"
    # "depois eu vejo a parte do pagamento com o financeiro de vcs", "entendi tudo"
    r"depois (?:eu )?vejo (?:isso|a parte d[oa] [a-z]+)"
    r"(?: com (?:o|a) [a-z]+(?: de (?:voces|vcs))?)?|"
    r"entendi tudo|(?:ai )?dependendo do que (?:decidirem|decidir|resolverem)(?:,)? (?:eu )?volto"
    r"(?: aqui)?|"
    r"boa semana|por (?:enquanto|ora|agora) (?:e )?(?:so isso|so|isso)|nada mais|tudo certo|"
    r"resolvido|"
    r"anotado|that'?s all(?: i needed)?(?: for (?:now|today))?|that is all|will get back to you|"
    r"talk (?:to you )?(?:later|soon|tomorrow|next week)|"
    r"that covers (?:it|everything)(?: for (?:now|today))?|"
    # "thanks a lot, super helpful", "perfect, that's great"
    r"(?:(?:super|very|really|so|most) )?(?:helpful|useful|clear)|"
    r"(?:that'?s |that is |it'?s )?(?:(?:really|very|super) )?"
    r"(?:perfect|great|awesome|excellent|brilliant|nice|cheers|fine|"
    r"helpful|useful|clear)|(?:sounds|looks) good|"
    r"(?:have a )?(?:good|nice|great) (?:day|one|weekend)|"
    # "I'll run it by my boss and get back to you", "will check with the team"
    r"(?:i'?ll|i will|we'?ll|we will|let me) (?:run (?:it|this) by|check (?:it |this )?with|"
    r"talk (?:it )?(?:over )?with|show (?:it|this) to|discuss (?:it |this )?with) (?:my|our|the) "
    r"(?:boss|manager|team|cto|cfo|ceo|director|partners?|finance|colleagues)|"
    r"(?:and )?(?:i'?ll |we'?ll |will )?get back to you(?: soon| later| tomorrow)?|"
    # "..., bom fim de semana pra vcs": whom the closing is for.
    r"(?:pra|para|pro) (?:vcs|voces|vc|voce|todos|galera)(?: ai)?|pessoal|galera|a todos|"
    r"volto a (?:falar|conversar)(?: com (?:voces|voce))?(?: (?:em|no|na|ate) [a-z]+)?|"
    r"vou consolidar com (?:o |a )?(?:time|equipe)|that'?s everything(?: for (?:now|today))?"
)
CLOSING = re.compile(
    rf"^[^\w]*(?:(?:e |and )?(?:{THANKS.pattern}|{GOODBYE.pattern}|{_ACKNOWLEDGED}|"
    rf"{_GREETING_WORDS})\b[^\w]*)+$"
)
# A chat's opening or goodbye in words no list holds: it opens with a greeting, or thanks, and
# asks nothing (a pleasantry like "suave?" aside).
_OPENS = re.compile(
    r"^\W*(?:oi+e*|ola+|opa|e ?ai|eae+|eai|salve|fala|bom dia|boa tarde|boa noite|hello|hi|hey|"
    r"good (?:morning|afternoon|evening))\b"
)
_DETAILS_LATER = re.compile(
    r"\b(?:posso|vou|podemos|vamos|i'?ll|can i|we'?ll) (?:te |lhe |vos )?(?:mandar|enviar|passar|"
    r"send|share)\b(?=[^.?!]{0,50}\b(?:detalhes|informac\w+|infos?|dados do projeto|details|"
    r"specs|caso|projeto|briefing|escopo)\b)"
    r"(?=[^.?!]{0,50}\b(?:amanha|depois|mais tarde|semana que vem|em breve|"
    r"daqui a pouco|tomorrow|later|next week|soon)\b)"
)
# The client takes the answer away to decide: "vou levar pro comitê e te retorno".
_ANSWER_LATER = re.compile(
    r"\b(?:te|lhe|vos) (?:retorno|dou um retorno|aviso)\b|\b(?:retorno|volto a falar) (?:em breve|"
    r"depois|semana que vem)\b|\bvou (?:levar|apresentar|passar) (?:isso |essa proposta |a "
    r"proposta )?(?:pro|para o|pra|ao|a) (?:comite|diretoria|chefe|conselho|socio|financeiro)|"
    r"\bi'?ll (?:get back to you|circle back)\b"
)
# How the client found us: an opening, whatever the domain words around it.
_REFERRAL = re.compile(
    r"\b(?:indic(?:ou|aram|ado|ada|acao) (?:de )?(?:voces|vcs|a infrabot)|"
    r"(?:voces|vcs|a infrabot) (?:me )?(?:foi|foram) indicad|"
    r"vim (?:pelo|pela|por|atraves|do|da|de)|cheguei (?:aqui |ate voces )?(?:pelo|pela|por)|"
    r"(?:achei|encontrei|conheci) (?:voces|vcs|a infrabot|o perfil|o site|o trabalho)|"
    r"(?:te|vos|os) (?:achei|encontrei|conheci)|"
    r"(?:achei|encontrei) (?:voces |vcs )?(?:pelo|pela|no|na)|"
    r"(?:li|vi|assisti) (?:o|a|um|uma|seu|sua) (?:artigo|post|texto|anuncio|video|publicacao|"
    r"materia|conteudo|palestra)|"
    r"(?:saw|read|found) (?:your|the) (?:article|post|ad|talk|video)|referred (?:me|us) to you|"
    r"pointed (?:me|us) (?:to|towards) (?:you|your)|recommended (?:you|your))"
)


# "Olá, bom dia. Sou a Inês, da equipa de dados de uma seguradora": who writes, nothing asked.
_INTRODUCTION = re.compile(
    r"^\W*(?:oi+|ola|opa|bom dia|boa tarde|boa noite|hello|hi|hey)\b[^?]{0,30}?"
    r"\b(?:sou (?:o |a )?[a-z]+|me chamo|meu nome e|aqui e (?:o |a )?[a-z]+|i'?m [a-z]+|my name is)"
    r"[^?]*$"
)


def found_us(folded: str) -> bool:
    """ "vim pelo post de vocês no LinkedIn", "um amigo indicou vocês": how the client found us."""
    return bool(_REFERRAL.search(folded))


_THANKS_ANYWHERE = re.compile(rf"\b(?:{THANKS.pattern}|brigad\w*|cheers|tchau|bye)\b")


def social(folded: str, asked: bool) -> Literal["greeting", "closing"] | None:
    """ "eae meu consagrado, suave?", "Oi! Achei vocês por um post no LinkedIn", "Massa demais,
    brigadão visse!": a greeting or a closing, for a message that asks nothing else."""
    short = len(folded.split()) <= 6
    if _THANKS_ANYWHERE.search(folded) and not asked:
        return "closing"
    if _OPENS.match(folded) and (not asked or short) and not DOMAIN.search(folded):
        return "greeting"
    if _INTRODUCTION.match(folded) and not asked:
        return "greeting"
    if found_us(folded) and not asked:
        return "greeting"  # "Li o artigo de vocês sobre GPU x TPU e fiquei curioso"
    if _DETAILS_LATER.search(folded):
        return "greeting"  # "posso mandar os detalhes do projeto amanhã?": the job comes later
    if _ANSWER_LATER.search(folded) and not asked:
        return "closing"  # "vou levar pro comitê de segurança e te retorno"
    return None
